import { buildTemplate } from './pglite-template.ts';

const started = performance.now();
const file = await buildTemplate();
console.log(
  `Embedded database template ready: ${file} (${Math.round(performance.now() - started)} ms)`,
);
