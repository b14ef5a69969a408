// Preloaded (NODE_OPTIONS=--require) by scripts/with-node.mjs into every Node process of a run on
// another Node.js release: native addons tied to one ABI (better-sqlite3) load from the build
// made for that release instead of the one in node_modules, which stays as `npm install` left it
// for the machine's own Node. Processes of any other ABI are left alone.
'use strict';

const config = JSON.parse(process.env.MAILTOKIT_NATIVE_ADDONS || 'null');
if (config && config.abi === process.versions.modules && config.addons) {
  const addons = config.addons;
  const dlopen = process.dlopen;
  process.dlopen = function dlopenMatchingBuild(module, filename, ...rest) {
    const replacement = Object.prototype.hasOwnProperty.call(addons, filename)
      ? addons[filename]
      : filename;
    return dlopen.call(this, module, replacement, ...rest);
  };
}
