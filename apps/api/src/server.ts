import { buildApp } from './app.js';
import { runServer } from './serve.js';

/**
 * The production server: app.ts's app, nothing of dev/ (decision 072). It needs a real payment provider
 * (OPP_API_URL); the development server (server.dev.ts, what `npm start` runs) hosts the simulator.
 */
runServer({ build: buildApp });
