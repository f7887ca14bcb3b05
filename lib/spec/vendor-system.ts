// The fields of GET /api/system the vendor documents (DOC v2/system.mdx; spec/vendor-api.md §3.5), each with its type
// and range: what V-SYS-01 holds a device to and what the OpenAPI description says, from this one table.

export interface SystemField {
  type: 'string' | 'number' | 'boolean';
  minimum?: number;
  maximum?: number;
  /** The field's type in the words of a judgment: "wifi_rssi_db 3, not a number". */
  words: string;
}

export const SYSTEM_FIELDS: Readonly<Record<string, SystemField>> = {
  wifi_ssid: { type: 'string', words: 'a string' },
  wifi_rssi_db: { type: 'number', words: 'a number' },
  cloud_enabled: { type: 'boolean', words: 'a boolean' },
  uptime_s: { type: 'number', minimum: 0, words: 'a number of seconds' },
  status_led_brightness_pct: { type: 'number', minimum: 0, maximum: 100, words: 'a number from 0 to 100' },
  api_v1_enabled: { type: 'boolean', words: 'a boolean' },
};

/** The fields every kind serves (the LED's brightness only where the kind has the LED: vendor-kinds.ts `v-led`). */
export const SYSTEM_REQUIRED = ['wifi_ssid', 'wifi_rssi_db', 'cloud_enabled', 'uptime_s'] as const;

/** Whether `v` is of the field's type, within its range. */
export const systemFieldHolds = (f: SystemField, v: unknown): boolean =>
  typeof v === f.type && (typeof v !== 'number' || ((f.minimum === undefined || v >= f.minimum) && (f.maximum === undefined || v <= f.maximum)));
