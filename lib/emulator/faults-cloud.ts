// Faults of the cloud setting (CLOUD), on the energy socket's v1 system endpoint: each names the clause it breaks.
import { type EmuRequest, empty, json } from './exchange.js';
import { is, perDevice, putBody } from './fault-helpers.js';
import type { FaultRow } from './catch-plan.js';
import type { DeviceState } from './device-state.js';

const systemPut = (req: EmuRequest) => putBody(req, '/api/v1/system');
/** The cloud setting as a device that keeps its own copy remembers it: pairing mode does not reach it. */
const cloudCopy = perDevice<{ value?: boolean }>(() => ({}));
const socket: Pick<FaultRow, 'kind' | 'server'> = { kind: 'energysocket', server: 'v1' };
const TOGGLE = ['--allow-cloud-toggle'];

/** The cloud switched off by a value the device should have refused, answered as a write that took. */
const switchedOff = (state: DeviceState) => {
  state.cloudEnabled = false;
  return json(200, { cloud_enabled: false });
};

export const CLOUD_FAULTS: readonly FaultRow[] = [
  {
    name: 'cloud-as-string',
    clause: 'CLOUD-01',
    ...socket,
    says: 'GET /api/v1/system gives cloud_enabled as "true"',
    response: (res, req) =>
      is(req, 'GET', '/api/v1/system') && res.status === 200
        ? json(200, { cloud_enabled: String((res.body as { cloud_enabled: boolean }).cloud_enabled) })
        : res,
  },
  {
    name: 'cloud-put-answers-204',
    clause: 'CLOUD-02',
    ...socket,
    says: 'PUT /api/v1/system answers 204 without a body',
    response: (res, req) => (systemPut(req) && res.status === 200 ? empty(204) : res),
  },
  {
    name: 'cloud-off-ignored',
    clause: 'CLOUD-03',
    ...socket,
    args: TOGGLE,
    says: 'PUT {cloud_enabled:false} answers 200 and stays on',
    answer: (req, state) => (systemPut(req)?.cloud_enabled === false && state.cloudEnabled ? json(200, { cloud_enabled: false }) : undefined),
  },
  {
    name: 'cloud-on-ignored',
    clause: 'CLOUD-04',
    ...socket,
    args: TOGGLE,
    says: 'PUT {cloud_enabled:true} answers 200 and stays off',
    answer: (req, state) => (systemPut(req)?.cloud_enabled === true && state.cloudEnabled === false ? json(200, { cloud_enabled: true }) : undefined),
  },
  {
    name: 'pairing-mode-keeps-cloud-off',
    clause: 'CLOUD-07',
    ...socket,
    args: ['--allow-cloud-toggle', '--manual'],
    operator: true,
    says: 'after pairing mode cloud_enabled still reads false',
    response: (res, req, state) => {
      const copy = cloudCopy(state);
      const put = systemPut(req)?.cloud_enabled;
      if (typeof put === 'boolean' && res.status === 200) copy.value = put;
      return is(req, 'GET', '/api/v1/system') && copy.value !== undefined ? json(200, { cloud_enabled: copy.value }) : res;
    },
  },
  {
    name: 'cloud-non-boolean-is-false',
    clause: 'CLOUD-06',
    ...socket,
    strict: true,
    says: 'a non-boolean cloud_enabled turns the cloud off',
    answer: (req, state) => {
      const v = systemPut(req)?.cloud_enabled;
      return v === undefined || typeof v === 'boolean' ? undefined : switchedOff(state);
    },
  },
  {
    name: 'cloud-string-coerced',
    clause: 'CLOUD-06',
    ...socket,
    strict: true,
    args: TOGGLE,
    says: 'PUT {cloud_enabled:"false"} turns the cloud off',
    answer: (req, state) => (systemPut(req)?.cloud_enabled === 'false' ? switchedOff(state) : undefined),
  },
];
