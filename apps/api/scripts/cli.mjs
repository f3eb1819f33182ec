// The operators' commands: from the TypeScript sources where the development dependencies are
// installed (a checkout), from the build (`dist/cli.js`, made by `npm run build`) where only the
// runtime ones are. tsx, which runs the sources, is a development dependency.
let register;
try {
  ({ register } = await import('tsx/esm/api'));
} catch {
  register = undefined;
}
if (register) {
  register();
  await import('../src/cli/index.ts');
} else {
  await import('../dist/cli.js');
}
