// Vite with hot reload for the client. App routes (/web/..., /unauthorized) get the
// shell, as the real server does; /api goes to `npm run serve` on port 8080.
import { createServer, type Plugin } from 'vite';

const appShellFallback: Plugin = {
  name: 'app-shell-fallback',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const url = req.url ?? '/';
      if (/^\/(web(\/|$|\?)|unauthorized|$)/.test(url) && req.headers.accept?.includes('text/html')) {
        req.url = '/build/index.html';
      }
      next();
    });
  },
};

const server = await createServer({ plugins: [appShellFallback] });
await server.listen();
server.printUrls();
console.log('App: http://127.0.0.1:5173/web (API proxied to http://127.0.0.1:8080)');
