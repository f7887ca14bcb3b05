// What a clause needs beyond its catalogue gate, as data (plan.ts turns each need into a skip reason),
// and which clauses switch cloud communication off (confirm.ts asks before them).
import type { ClauseId } from './clause-types.js';

export type Need =
  /** A user that deletes itself: the run may spend only its own pairing user, with --forget. */
  | 'forget'
  /** What the device advertised over mDNS: the run found it by discovery. */
  | 'advertisement'
  /** The kind's user/token support is "Supported", not "In development". */
  | 'users-supported';

export const NEEDS: Partial<Record<ClauseId, Need>> = {
  'DEL-05': 'forget',
  'KIND-02': 'advertisement',
  'KIND-01': 'users-supported',
};

/** CLOUD-03, CLOUD-04 and V-SYS-04 switch it by their statements; CLOUD-07 switches it off to start from where it finds it on. */
export const SWITCH_CLOUD_OFF: readonly ClauseId[] = ['CLOUD-03', 'CLOUD-04', 'CLOUD-07', 'V-SYS-04'];
