import { bundleServer } from './bundle.ts';

/** `npm run build`: the production bundle in dist/ (see bundle.ts). */
const { modules, bytes } = await bundleServer('dist');
console.log(`dist/server.js and dist/cli.js: ${modules} modules, ${Math.round(bytes / 1024)} KiB`);
