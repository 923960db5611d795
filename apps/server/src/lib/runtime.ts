/**
 * The Node.js major the project is built, tested and supported on: package.json `engines`,
 * `.nvmrc` / `.node-version` and the `node` devDependency that npm scripts run (decision 017).
 */
export const SUPPORTED_NODE_MAJOR = 24;

/** Why this Node cannot run the server, or null when it can. */
export function unsupportedNodeMessage(version: string = process.versions.node): string | null {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  if (major === SUPPORTED_NODE_MAJOR) return null;
  return `Annadaan runs on Node.js ${SUPPORTED_NODE_MAJOR}, not ${version}. Start it through npm (npm start, npm run ...), which runs the Node pinned in node_modules/.bin, or run node_modules/.bin/node.`;
}
