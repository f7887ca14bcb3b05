// Comparing one answer with another as the documentation ties them (a WebSocket message to its endpoint, a
// PUT's answer to the GET after it, a refused write to the state before it): the documented fields are held
// equal, field order never counts, arrays whose order the documentation does not give are compared as sets,
// and what differs outside the documented fields is recorded, never failed (spec/vendor-clauses.md, "Sets").

/** The fields the vendor documents for each object (DOC v2/system.mdx, v2/batteries.mdx). */
export const DOCUMENTED_FIELDS = {
  system: ['wifi_ssid', 'wifi_rssi_db', 'cloud_enabled', 'uptime_s', 'status_led_brightness_pct', 'api_v1_enabled'],
  batteries: ['mode', 'permissions', 'charge_to_full', 'battery_count', 'power_w', 'target_power_w', 'max_consumption_w', 'max_production_w'],
} as const;
export type DocumentedObject = keyof typeof DOCUMENTED_FIELDS;

/** Arrays whose order the documentation does not give, by the field that holds them: each compared as a set. */
export const SET_FIELDS: readonly string[] = ['permissions'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON equality: objects whatever the order of their keys; arrays in order, unless `asSet`. */
export function sameJson(a: unknown, b: unknown, asSet = false): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (!asSet) return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
    return a.every((x) => b.some((y) => sameJson(x, y))) && b.every((y) => a.some((x) => sameJson(x, y)));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k], SET_FIELDS.includes(k)));
  }
  return Object.is(a, b);
}

export interface Comparison {
  /** Documented fields whose values differ (or that one side lacks): what the clause holds equal. */
  differ: string[];
  /** Fields outside the documentation that one side lacks or that differ: recorded, never failed. */
  undocumented: string[];
}

/** `skip`: documented fields that move by themselves (uptime_s, wifi_rssi_db), never compared. */
export function compareDocumented(object: DocumentedObject, a: Record<string, unknown>, b: Record<string, unknown>, skip: readonly string[] = []): Comparison {
  const documented: readonly string[] = DOCUMENTED_FIELDS[object];
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !skip.includes(k));
  const differs = (k: string) => Object.hasOwn(a, k) !== Object.hasOwn(b, k) || !sameJson(a[k], b[k], SET_FIELDS.includes(k));
  return { differ: fields.filter((k) => documented.includes(k) && differs(k)), undocumented: fields.filter((k) => !documented.includes(k) && differs(k)) };
}
