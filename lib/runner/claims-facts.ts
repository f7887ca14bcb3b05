// What results.json keeps of `run --claims`: the file and its hash, the claims, whether each endpoint claimed
// IF-IMPLEMENTED was served, and each claimed field against the answers of its endpoint the run recorded (a field is
// recorded, never failed: no clause is written per field).
import type { Exchange } from '../client/exchange-log.js';
import { answerOf, isJsonObject } from '../judge/device/judgment.js';
import type { ClaimsFacts } from '../report/results.js';
import type { RunConfig } from './config.js';

export function claimsFacts(c: NonNullable<RunConfig['claims']>, absent: ReadonlyMap<string, string>, exchanges: readonly Exchange[]): ClaimsFacts {
  const { file } = c.claims;
  const bodies = (api: string, path: string): Record<string, unknown>[] =>
    exchanges.flatMap((x) => {
      if (x.side !== api || x.method !== 'GET' || x.status !== 200 || new URL(x.url).pathname !== path) return [];
      const json = answerOf(x)?.json;
      return isJsonObject(json) ? [json] : [];
    });
  return {
    file: c.file,
    sha256: c.sha256,
    device: file.device,
    kind: file.kind,
    api: [...file.api],
    endpoints: c.claims.endpoints.map((e) => {
      const why = absent.get(`${e.api} ${e.endpoint}`);
      return { api: e.api, endpoint: e.endpoint, level: e.level, served: why === undefined, ...(why === undefined ? {} : { why }) };
    }),
    fields: c.claims.endpoints.flatMap((e) =>
      Object.entries(e.fields ?? {}).map(([field, level]) => {
        const read = e.endpoint.startsWith('WS ') ? [] : bodies(e.api, e.endpoint.split(' ')[1]!);
        return { api: e.api, endpoint: e.endpoint, field, level, seen: read.length ? read.some((b) => field in b) : null };
      }),
    ),
    notJudged: [...c.claims.notJudged],
  };
}
