// The v1 endpoints real devices serve beyond the specification (the vendor's v1 documentation;
// bodies shaped like the recorded ones in fixtures/real-world): GET /api/v1/data per kind, and the
// P1 meter's DSMR telegram. Values are static for now.
import type { KindId } from '../spec/kinds.js';

const WIFI = { wifi_ssid: 'My Wi-Fi', wifi_strength: 100 };

const DATA: Partial<Record<KindId, Record<string, unknown>>> = {
  p1dongle: {
    ...WIFI, smr_version: 50, meter_model: 'ISKRA  2M550T-101', unique_id: '4E47475955', active_tariff: 2,
    total_power_import_kwh: 13779.338, total_power_import_t1_kwh: 10830.511, total_power_import_t2_kwh: 2948.827,
    total_power_export_kwh: 0, total_power_export_t1_kwh: 0, total_power_export_t2_kwh: 0,
    active_power_w: -543, active_power_l1_w: -676, active_power_l2_w: 133, active_power_l3_w: 0,
    active_voltage_l1_v: 236, active_voltage_l2_v: 232.6, active_voltage_l3_v: 235.1,
    active_current_l1_a: -4, active_current_l2_a: 2, active_current_l3_a: 0, active_frequency_hz: 50,
    voltage_sag_l1_count: 1, voltage_sag_l2_count: 1, voltage_sag_l3_count: 0,
    voltage_swell_l1_count: 0, voltage_swell_l2_count: 0, voltage_swell_l3_count: 0,
    any_power_fail_count: 4, long_power_fail_count: 5, total_gas_m3: 2569.646, gas_timestamp: 210606140010, gas_unique_id: '4E474C5944',
    active_power_average_w: 123, montly_power_peak_w: 1111, montly_power_peak_timestamp: 230101080010,
    external: [{ unique_id: '4E474C5944', type: 'gas_meter', timestamp: 210606140010, value: 2569.646, unit: 'm3' }],
  },
  energysocket: {
    ...WIFI, total_power_import_kwh: 30.511, total_power_import_t1_kwh: 30.511, total_power_export_kwh: 85.951,
    total_power_export_t1_kwh: 85.951, active_power_w: 543.312, active_power_l1_w: 543.312, active_voltage_v: 231.539,
    active_current_a: 2.346, active_reactive_power_var: 123.456, active_apparent_power_va: 666.768, active_power_factor: 0.81688,
    active_frequency_hz: 50.005,
  },
  energymeter: {
    ...WIFI, total_power_import_kwh: 2940.101, total_power_import_t1_kwh: 2940.101, total_power_export_kwh: 0, total_power_export_t1_kwh: 0,
    active_power_w: 7100.278, active_power_l1_w: 0, active_power_l2_w: 3547.015, active_power_l3_w: 3553.263,
    active_voltage_l1_v: 230.751, active_voltage_l2_v: 228.391, active_voltage_l3_v: 229.612,
    active_current_a: 30.999, active_current_l1_a: 0, active_current_l2_a: 15.521, active_current_l3_a: 15.477,
    active_apparent_power_va: 7112.293, active_reactive_power_var: -429.025, active_frequency_hz: 49.926,
  },
  watermeter: { ...WIFI, active_liter_lpm: 13.12, total_liter_m3: 8129.123 },
};

export function v1DataOf(kind: KindId): Record<string, unknown> | undefined {
  return DATA[kind];
}

/** CRC-16/ARC over the telegram from `/` to `!` inclusive, as DSMR 5 requires. */
export function dsmrCrc(text: string): string {
  let crc = 0;
  for (const byte of Buffer.from(text, 'latin1')) {
    crc ^= byte;
    for (let i = 0; i < 8; i += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const dsmrTime = (d: Date) => `${[d.getUTCFullYear() % 100, d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(),
  d.getUTCSeconds()].map((n) => String(n).padStart(2, '0')).join('')}W`;

/** A DSMR 5.0 telegram as a P1 meter reads it from the smart meter (GET /api/v1/telegram). */
export function p1Telegram(now: Date): string {
  const lines = [
    '/ISK5\\2M550T-1011', '', '1-3:0.2.8(50)', `0-0:1.0.0(${dsmrTime(now)})`, '0-0:96.1.1(4530303434303037313331363530363138)',
    '1-0:1.8.1(010830.511*kWh)', '1-0:1.8.2(002948.827*kWh)', '1-0:2.8.1(000000.000*kWh)', '1-0:2.8.2(000000.000*kWh)',
    '0-0:96.14.0(0002)', '1-0:1.7.0(00.000*kW)', '1-0:2.7.0(00.543*kW)', '0-0:96.7.21(00004)', '0-0:96.7.9(00005)',
    '1-0:32.32.0(00001)', '1-0:52.32.0(00001)', '1-0:72.32.0(00000)', '1-0:32.36.0(00000)', '1-0:52.36.0(00000)', '1-0:72.36.0(00000)',
    '0-0:96.13.0()', '1-0:32.7.0(236.0*V)', '1-0:52.7.0(232.6*V)', '1-0:72.7.0(235.1*V)',
    '1-0:31.7.0(004*A)', '1-0:51.7.0(002*A)', '1-0:71.7.0(000*A)',
    '1-0:21.7.0(00.000*kW)', '1-0:41.7.0(00.133*kW)', '1-0:61.7.0(00.000*kW)',
    '1-0:22.7.0(00.676*kW)', '1-0:42.7.0(00.000*kW)', '1-0:62.7.0(00.000*kW)',
    '0-1:24.1.0(003)', '0-1:96.1.0(4730303339303031373030343630313137)', '0-1:24.2.1(210606140010W)(02569.646*m3)',
  ];
  const body = `${lines.join('\r\n')}\r\n!`;
  return `${body}${dsmrCrc(body)}\r\n`;
}
