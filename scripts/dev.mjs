#!/usr/bin/env node
// `npm run dev`: the API (tsx watch, API only) on API_PORT and Vite with hot reload in front of it.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8787';
const viteHost = process.env.HOST ?? '127.0.0.1';
const vitePort = process.env.PORT ?? '5173';
// The browser's page is Vite's, so that is our own origin for the API (its loopback names too),
// unless PUBLIC_ORIGIN says otherwise.
const pageHost = ['0.0.0.0', '::'].includes(viteHost) ? 'localhost' : viteHost;
const env = { ...process.env, PORT: apiPort, STATIC_DIR: '', API_ORIGIN: `http://127.0.0.1:${apiPort}`, PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN || `http://${pageHost}:${vitePort}` };
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite', '--host', viteHost, '--port', vitePort], { stdio: 'inherit', env }),
];
const stop = () => { for (const c of children) c.kill('SIGTERM'); process.exit(0); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { if (code) stop(); });
