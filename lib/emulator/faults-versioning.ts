// Faults of versioning (VER) on the device as a whole; those on one endpoint are in faults-endpoints.ts.
import { json } from './exchange.js';
import { dropHeader, perDevice, versionRefused } from './fault-helpers.js';
import type { FaultRow } from './catch-plan.js';

const keptMajorOf = perDevice(() => ({ major: null as string | null }));

export const VERSIONING_FAULTS: readonly FaultRow[] = [
  {
    name: 'no-version-header-on-success',
    clause: 'VER-01',
    says: 'successful v2 answers carry no X-Api-Version',
    response: (res) => (res.status < 300 ? dropHeader(res, 'x-api-version') : res),
  },
  {
    name: 'no-version-header-refused',
    clause: 'VER-02',
    says: 'a request without X-Api-Version answers 400',
    answer: (req) => (req.headers['x-api-version'] === undefined ? versionRefused() : undefined),
  },
  {
    name: 'version-2-refused',
    clause: 'VER-03',
    says: 'X-Api-Version: 2 answers 400',
    answer: (req) => (req.headers['x-api-version'] === '2' ? versionRefused() : undefined),
  },
  {
    name: 'version-error-without-header',
    clause: 'VER-05',
    says: 'the version 400 carries no X-Api-Version',
    response: (res) => ((res.body as { error?: string } | undefined)?.error === 'request:api-version-not-supported' ? dropHeader(res, 'x-api-version') : res),
  },
  {
    name: 'user-answers-older-version',
    clause: 'VER-01',
    says: 'successful answers of /api/user carry X-Api-Version: 2.0.0 while the device serves 2.2.0',
    response: (res, req) =>
      req.path === '/api/user' && res.status < 300 && res.headers['x-api-version'] !== undefined
        ? { ...res, headers: { ...res.headers, 'x-api-version': '2.0.0' } }
        : res,
  },
  // The refusals themselves are right (VER-05 passes); what they leave behind is not.
  {
    name: 'refused-major-kept',
    clause: 'VER-02',
    alone: true,
    says: 'after refusing X-Api-Version N, the device answers requests without the header as N.2.0',
    response: (res, req, state) => {
      const asked = req.headers['x-api-version'];
      const kept = keptMajorOf(state);
      if (asked !== undefined) {
        if (/^\d+$/.test(asked) && (res.body as { error?: string } | undefined)?.error === 'request:api-version-not-supported') kept.major = asked;
        return res;
      }
      return kept.major === null || res.headers['x-api-version'] === undefined
        ? res
        : { ...res, headers: { ...res.headers, 'x-api-version': `${kept.major}.${state.apiVersion.split('.').slice(1).join('.')}` } };
    },
  },
  {
    name: 'v1-needs-version-header',
    clause: 'VER-08',
    server: 'v1',
    kind: 'energysocket',
    says: 'v1 endpoints answer 400 without X-Api-Version',
    answer: (req) =>
      req.headers['x-api-version'] === undefined && req.path.startsWith('/api/v1/')
        ? json(400, { error: { id: 1, description: 'X-Api-Version missing' } })
        : undefined,
  },
];
