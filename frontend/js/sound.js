// Sound effects made with Web Audio (no files to load); silent until the first tap or key press, and when off.

const VOICES = {
  deal: (s) => { for (let i = 0; i < 6; i += 1) s.noise(i * 0.07, 0.05, 2600, 0.22); },
  draw: (s) => s.noise(0, 0.1, 1700, 0.32),
  discard: (s) => { s.noise(0, 0.06, 1100, 0.4); s.tone(0, 0.09, 190, 90, 0.22); },
  knock: (s) => { s.tone(0, 0.1, 150, 70, 0.6); s.tone(0.17, 0.1, 150, 70, 0.6); },
  gin: (s) => [523, 659, 784, 1047].forEach((f, i) => s.tone(i * 0.09, 0.25, f, f, 0.2, 'triangle')),
  win: (s) => [523, 659, 784, 1047, 1319].forEach((f, i) => s.tone(i * 0.12, i === 4 ? 0.7 : 0.2, f, f, 0.2, 'triangle')),
  lose: (s) => [392, 330, 262].forEach((f, i) => s.tone(i * 0.24, 0.32, f, f * 0.97, 0.18)),
  refuse: (s) => s.tone(0, 0.09, 150, 120, 0.12, 'square'),
};

function voice(context, out, noise) {
  const start = context.currentTime + 0.01;
  const envelope = (at, length, volume) => {
    const gain = context.createGain();
    gain.gain.setValueAtTime(0.0001, start + at);
    gain.gain.exponentialRampToValueAtTime(volume, start + at + 0.008);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
    gain.connect(out);
    return gain;
  };
  return {
    tone(at, length, from, to, volume, type = 'sine') {
      const osc = context.createOscillator();
      osc.type = type;
      osc.frequency.setValueAtTime(from, start + at);
      osc.frequency.exponentialRampToValueAtTime(to, start + at + length);
      osc.connect(envelope(at, length, volume));
      osc.start(start + at);
      osc.stop(start + at + length + 0.02);
    },
    noise(at, length, frequency, volume) {
      const source = context.createBufferSource();
      source.buffer = noise;
      const filter = context.createBiquadFilter();
      filter.type = 'bandpass';
      filter.frequency.value = frequency;
      source.connect(filter).connect(envelope(at, length, volume));
      source.start(start + at);
      source.stop(start + at + length + 0.02);
    },
  };
}

/** `isOn()` says whether sound is wanted now; `play(name)` plays one of VOICES. */
export function createSound(isOn) {
  let context = null;
  let out = null;
  let noise = null;
  const unlock = () => {
    if (!isOn()) return;
    try {
      if (!context) {
        const Context = globalThis.AudioContext || globalThis.webkitAudioContext;
        if (!Context) return;
        context = new Context();
        out = context.createGain();
        out.gain.value = 0.6;
        out.connect(context.destination);
        noise = context.createBuffer(1, context.sampleRate / 2, context.sampleRate);
        const data = noise.getChannelData(0);
        for (let i = 0; i < data.length; i += 1) data[i] = Math.random() * 2 - 1;
      }
      if (context.state === 'suspended') context.resume().catch(() => {});
    } catch {
      context = null; // no audio on this device: the game goes on silently
    }
  };
  for (const type of ['pointerdown', 'keydown']) window.addEventListener(type, unlock, { capture: true, passive: true });
  return {
    play(name) {
      if (!isOn() || !context || !VOICES[name]) return;
      VOICES[name](voice(context, out, noise));
      // The last sound played, for the browser tests.
      document.documentElement.dataset.sound = name;
    },
  };
}
