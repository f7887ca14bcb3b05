// The battery group's rules as each release has them (DOC v2/batteries.mdx), write by write: what the correct
// handler makes of a group and a PUT, on 2.1.0 (no permissions), 2.2.0 and 2.3.0 (predictive, charge_to_full).
import { expect, test } from 'vitest';
import { type BatteryGroup, applyBatteries } from './batteries.js';

const BOTH = ['charge_allowed', 'discharge_allowed'] as BatteryGroup['permissions'];
const ZERO: BatteryGroup = { mode: 'zero', permissions: BOTH };
const STANDBY: BatteryGroup = { mode: 'standby', permissions: [] };
const FULL_FROM_STANDBY: BatteryGroup = { mode: 'to_full', permissions: [], before: 'standby' };

test.for([
  ['2.2.0', ZERO, { mode: 'standby' }, STANDBY],
  ['2.2.0', STANDBY, { permissions: ['charge_allowed'] }, { mode: 'zero', permissions: ['charge_allowed'] }],
  ['2.2.0', ZERO, { permissions: [] }, STANDBY],
  ['2.2.0', ZERO, { mode: 'to_full' }, { mode: 'to_full', permissions: BOTH, before: 'zero' }],
  ['2.2.0', ZERO, { mode: 'to_full', permissions: BOTH }, { error: 'json:parameter-not-exclusive' }],
  ['2.2.0', ZERO, { mode: 'predictive' }, { error: 'json:parameter-invalid-type:mode' }],
  ['2.2.0', ZERO, { charge_to_full: true }, { error: 'json:no-parameters-recognized' }],
  // 2.1.0: the mode alone; a permission written is not a field it knows.
  ['2.1.0', ZERO, { mode: 'standby' }, STANDBY],
  ['2.1.0', STANDBY, { mode: 'zero' }, ZERO],
  ['2.1.0', ZERO, { permissions: [] }, { error: 'json:no-parameters-recognized' }],
  ['2.1.0', ZERO, { mode: 'standby', permissions: BOTH }, STANDBY],
  // 2.3.0: predictive, and charge_to_full standing for to_full, back to the mode before it.
  ['2.3.0', STANDBY, { mode: 'predictive' }, { mode: 'predictive', permissions: BOTH }],
  ['2.3.0', STANDBY, { charge_to_full: true }, FULL_FROM_STANDBY],
  ['2.3.0', FULL_FROM_STANDBY, { charge_to_full: false }, STANDBY],
  ['2.3.0', ZERO, { charge_to_full: false }, ZERO],
  ['2.3.0', ZERO, { charge_to_full: 'yes' }, { error: 'json:parameter-invalid-type:charge_to_full' }],
  ['2.3.0', ZERO, { charge_to_full: true, mode: 'zero' }, { error: 'json:parameter-not-exclusive' }],
] as const)('on %s, from %o, PUT %o makes %o', ([release, group, put, makes]) => {
  expect(applyBatteries(group as BatteryGroup, put as Record<string, unknown>, release)).toEqual(makes);
});
