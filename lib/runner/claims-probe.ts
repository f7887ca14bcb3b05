// Before the suites, the claims' own reads (a GET each, with the token on v2): every endpoint claimed IF-IMPLEMENTED
// (one that answers 404 is not served, and the clauses it gates are skipped with that reason; any other answer, or
// none, leaves it claimed, held to every clause as MUST), and every endpoint whose fields are claimed, so that each
// field is recorded against an answer even where no clause reads the endpoint.
import type { DeviceClient } from '../client/device-client.js';
import { isTransportError } from '../client/errors.js';
import type { Claims } from '../claims/claims.js';

/** `api endpoint` -> what it answered, for each IF-IMPLEMENTED endpoint that is not served. */
export async function probeClaimed(claims: Claims, device: DeviceClient, token: string | null): Promise<Map<string, string>> {
  const absent = new Map<string, string>();
  for (const e of claims.endpoints.filter((x) => x.level === 'IF-IMPLEMENTED' || (x.fields && x.endpoint.startsWith('GET ')))) {
    const path = e.endpoint.startsWith('GET ') ? e.endpoint.slice(4) : e.known.probe!;
    const key = `${e.api} ${e.endpoint}`;
    if (e.api === 'v2' && token === null) {
      if (e.level === 'IF-IMPLEMENTED') absent.set(key, 'not asked: the run holds no token');
      continue;
    }
    try {
      const res = await device[e.api].get(path, e.api === 'v2' ? { token: token! } : {});
      if (res.status === 404 && e.level === 'IF-IMPLEMENTED') absent.set(key, `GET ${path} answered 404`);
    } catch (err) {
      if (!isTransportError(err)) throw err;
    }
  }
  return absent;
}
