// Faults of the core suites (INFO, VER, AUTH, TLS, MEAS, ERR, KIND): each names the clause it breaks.
import { json, notFound, text } from './exchange.js';
import { routeV2 } from './routes-v2.js';
import {
  V, bearer, dropHeader, is, onDeviceInfo, perDevice, serveDeviceInfoWhen, versionRefused, withBody,
} from './fault-helpers.js';
import { API_VERSION } from './device-state.js';
import type { FaultRow } from './catch-plan.js';

const keptMajorOf = perDevice(() => ({ major: null as string | null }));

export const CORE_FAULTS: readonly FaultRow[] = [
  // INFO
  { name: 'info-missing-serial', clause: 'INFO-01', says: 'GET /api omits serial',
    response: onDeviceInfo(({ serial: _, ...rest }) => rest) },
  { name: 'info-firmware-number', clause: 'INFO-01', says: 'GET /api gives firmware_version as a number',
    response: onDeviceInfo((b) => ({ ...b, firmware_version: 6 })) },
  { name: 'firmware-three-digit-minor', clause: 'INFO-02', says: 'firmware_version reads 6.001',
    response: onDeviceInfo((b) => ({ ...b, firmware_version: '6.001' })) },
  { name: 'api-version-two-parts', clause: 'INFO-03', says: 'api_version reads "2.0" in GET /api',
    response: onDeviceInfo((b) => ({ ...b, api_version: '2.0' })) },
  { name: 'api-version-body-differs', clause: 'INFO-04', says: 'api_version reads 2.1.0 while the header says 2.2.0',
    response: onDeviceInfo((b) => ({ ...b, api_version: '2.1.0' })) },
  { name: 'product-type-unknown', clause: 'INFO-05', strict: true, says: 'product_type is HWE-XYZ',
    response: onDeviceInfo((b) => ({ ...b, product_type: 'HWE-XYZ' })) },
  { name: 'serial-not-hex', clause: 'INFO-06', strict: true, says: 'serial is 5C2FAF-ABCDE (not 12 hex digits)',
    response: onDeviceInfo((b) => ({ ...b, serial: '5C2FAF-ABCDE' })) },
  // VER
  { name: 'no-version-header-on-success', clause: 'VER-01', says: 'successful v2 answers carry no X-Api-Version',
    response: (res) => (res.status < 300 ? dropHeader(res, 'x-api-version') : res) },
  { name: 'no-version-header-refused', clause: 'VER-02', says: 'a request without X-Api-Version answers 400',
    answer: (req) => (req.headers['x-api-version'] === undefined ? versionRefused() : undefined) },
  { name: 'version-2-refused', clause: 'VER-03', says: 'X-Api-Version: 2 answers 400',
    answer: (req) => (req.headers['x-api-version'] === '2' ? versionRefused() : undefined) },
  { name: 'version-error-without-header', clause: 'VER-05', says: 'the version 400 carries no X-Api-Version',
    response: (res) => ((res.body as { error?: string } | undefined)?.error === 'request:api-version-not-supported'
      ? dropHeader(res, 'x-api-version') : res) },
  { name: 'user-answers-older-version', clause: 'VER-01', suites: ['versioning', 'users'],
    says: 'successful answers of /api/user carry X-Api-Version: 2.0.0 while the device serves 2.2.0',
    response: (res, req) => (req.path === '/api/user' && res.status < 300 && res.headers['x-api-version'] !== undefined
      ? { ...res, headers: { ...res.headers, 'x-api-version': '2.0.0' } } : res) },
  // The refusals themselves are right (VER-05 passes); what they leave behind is not.
  { name: 'refused-major-kept', clause: 'VER-02', alone: true,
    says: 'after refusing X-Api-Version N, the device answers requests without the header as N.2.0',
    response: (res, req, state) => {
      const asked = req.headers['x-api-version'];
      const kept = keptMajorOf(state);
      if (asked !== undefined) {
        if (/^\d+$/.test(asked) && (res.body as { error?: string } | undefined)?.error === 'request:api-version-not-supported') kept.major = asked;
        return res;
      }
      return kept.major === null || res.headers['x-api-version'] === undefined ? res
        : { ...res, headers: { ...res.headers, 'x-api-version': `${kept.major}.${API_VERSION.split('.').slice(1).join('.')}` } };
    } },
  { name: 'v1-needs-version-header', clause: 'VER-08', server: 'v1', kind: 'energysocket', says: 'v1 endpoints answer 400 without X-Api-Version',
    answer: (req) => (req.headers['x-api-version'] === undefined && req.path.startsWith('/api/v1/')
      ? json(400, { error: { id: 1, description: 'X-Api-Version missing' } }) : undefined) },
  // AUTH
  { name: 'api-open-without-token', clause: 'AUTH-01', says: 'GET /api without Authorization answers 200',
    response: serveDeviceInfoWhen((req) => req.headers.authorization === undefined) },
  { name: 'any-well-formed-token-accepted', clause: 'AUTH-02', endpoint: 'GET /api', says: 'any 32 uppercase hex digits are accepted as a token',
    response: serveDeviceInfoWhen((req) => /^[A-F0-9]{32}$/.test(bearer(req) ?? '')) },
  { name: 'token-prefix-accepted', clause: 'AUTH-03', endpoint: 'GET /api', says: 'a valid token with its last digit cut off is accepted',
    response: serveDeviceInfoWhen((req, state) => {
      const t = bearer(req);
      return !!t && [...state.users.values()].some((valid) => valid.length === t.length + 1 && valid.startsWith(t));
    }) },
  { name: 'basic-scheme-accepted', clause: 'AUTH-03', endpoint: 'GET /api', says: 'the valid token is accepted under scheme Basic',
    response: serveDeviceInfoWhen((req, state) => {
      const m = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
      return !!m && state.userOfToken(m[1]!) !== undefined;
    }) },
  { name: 'user-list-open', clause: 'AUTH-04', says: 'GET /api/user without a token answers 200 with the list',
    response: (res, req, state) => (is(req, 'GET', '/api/user') && req.headers.authorization === undefined
      ? json(200, [...state.users.keys()].map((name) => ({ name })), V) : res) },
  { name: 'user-post-needs-token', clause: 'AUTH-05', says: 'POST /api/user without a token answers 401',
    answer: (req) => (is(req, 'POST', '/api/user') && req.headers.authorization === undefined
      ? json(401, { error: 'user:unauthorized' }, V) : undefined) },
  // AUTH-09: the v2 user handlers also mounted on the HTTP port.
  { name: 'user-creation-over-http', clause: 'AUTH-09', server: 'v1', says: 'POST /api/user is served over HTTP as over HTTPS',
    answer: (req, state) => (is(req, 'POST', '/api/user') ? routeV2(req, state) : undefined) },
  { name: 'user-list-over-http', clause: 'AUTH-09', server: 'v1', says: 'GET /api/user is served over HTTP as over HTTPS (401 without a token)',
    answer: (req, state) => (is(req, 'GET', '/api/user') ? routeV2(req, state) : undefined) },
  { name: 'valid-token-refused', clause: 'AUTH-06', says: 'GET /api refuses every token with 401',
    response: (res, req) => (is(req, 'GET', '/api') && res.status === 200 ? json(401, { error: 'user:unauthorized' }, V) : res) },
  { name: 'token-in-user-list', clause: 'AUTH-08', says: 'GET /api/user shows every user\'s token',
    response: (res, req, state) => (is(req, 'GET', '/api/user') && res.status === 200
      ? withBody(res, (list) => (list as unknown as { name: string }[]).map((u) => ({ ...u, token: state.users.get(u.name) }))) : res) },
  // TLS
  { name: 'cert-untrusted-ca', clause: 'TLS-01', says: 'the certificate is issued by a CA other than the published one',
    cert: { kind: 'untrusted-ca' } },
  { name: 'cert-expired', clause: 'TLS-01', says: 'the certificate expired yesterday', cert: { kind: 'expired' } },
  { name: 'cert-wrong-serial', clause: 'TLS-02', says: 'the certificate names another serial',
    cert: { kind: 'names', commonName: (id) => id.replace(/[^/]+$/, '000000000000') } },
  { name: 'cert-wrong-code', clause: 'TLS-02', says: 'the certificate names the product type instead of the certificate code',
    cert: { kind: 'names', commonName: (id) => id.replace(/^appliance\/[^/]+/, 'appliance/HWE-P1') } },
  // The real certificate style already carries it: this fault adds it to the cn-only style.
  { name: 'cert-dns-san-hides-identity', clause: 'TLS-03', strict: true, certStyle: 'cn-only',
    says: 'a DNS subject-alternative name (the serial) hides the CN from standard hostname checks',
    cert: { kind: 'names', sans: (_id, serial) => [{ type: 'dns', value: serial }] } },
  // MEAS
  { name: 'measurement-as-text', clause: 'MEAS-01', says: 'GET /api/measurement answers 200 with lines of text, not JSON',
    response: (res, req) => (is(req, 'GET', '/api/measurement') && res.status === 200 ? text(200, 'power_w=125\nenergy_import_kwh=10830.511\n', V) : res) },
  { name: 'measurement-empty', clause: 'MEAS-01', says: 'GET /api/measurement answers 200 with an empty body',
    response: (res, req) => (is(req, 'GET', '/api/measurement') && res.status === 200 ? { ...res, body: undefined } : res) },
  // ERR
  { name: 'error-plain-text', clause: 'ERR-01', says: 'v2 401 errors are plain text',
    response: (res) => (res.status === 401 ? text(401, 'Unauthorized', V) : res) },
  { name: 'json-as-text-plain', clause: 'ERR-02', says: 'successful JSON answers say Content-Type: text/plain',
    response: (res) => (res.status === 200 ? { ...res, headers: { ...res.headers, 'content-type': 'text/plain' } } : res) },
  // KIND
  { name: 'mdns-serial-differs', clause: 'KIND-02', strict: true, says: 'the serial advertised over mDNS is not the one GET /api gives',
    mdns: (txt) => ({ ...txt, serial: `ffffff${txt.serial!.slice(6)}` }) },
  { name: 'mdns-product-type-differs', clause: 'KIND-02', strict: true, says: 'the product_type advertised over mDNS is HWE-KWH1, not the device\'s',
    mdns: (txt) => ({ ...txt, product_type: 'HWE-KWH1' }) },
  { name: 'mdns-id-names-another-code', clause: 'KIND-02', strict: true, says: 'the id advertised over mDNS names the product type, not the certificate code',
    mdns: (txt) => (txt.id ? { ...txt, id: txt.id.replace(/^appliance\/[^/]+/, `appliance/${txt.product_type}`) } : txt) },
  { name: 'user-endpoint-missing', clause: 'KIND-01', says: 'POST /api/user answers 404',
    answer: (req) => (is(req, 'POST', '/api/user') ? { ...notFound(), headers: { ...notFound().headers, ...V } } : undefined) },
];
