// The API documentation page: Swagger UI served by this server (no CDN), started from this file rather than an
// inline script, so the page keeps the same Content-Security-Policy as the game.
window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true });
