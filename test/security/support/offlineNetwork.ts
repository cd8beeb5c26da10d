// Loaded with `node --import` in front of Electronegativity's CLI (electronegativity.test.ts).
// The CLI makes two network calls of its own: fresh translations, and Electron's release
// list. Offline they time out, and `got` then retries after its promise has settled and
// throws from a timer, killing the run at a random moment. Here they fail at once, so the
// scan is the same on every machine; the checks themselves run unchanged.
import Module from 'node:module';

type Load = (this: unknown, request: string, parent: unknown, isMain: boolean) => unknown;

const loader = Module as unknown as { _load: Load };
const load = loader._load;
const refuse = async (): Promise<never> => {
  throw new Error('offline: the security scan does not use the network');
};
const offlineGot = Object.assign(refuse, { head: refuse, get: refuse });

loader._load = function (request, parent, isMain) {
  return request === 'got' ? offlineGot : load.call(this, request, parent, isMain);
};
