// Faults of what the device says it is (KIND): over mDNS, and the user endpoint every kind has.
import { notFound } from './exchange.js';
import { V, is } from './fault-helpers.js';
import type { FaultRow } from './catch-plan.js';

export const KIND_FAULTS: readonly FaultRow[] = [
  {
    name: 'mdns-serial-differs',
    clause: 'KIND-02',
    strict: true,
    says: 'the serial advertised over mDNS is not the one GET /api gives',
    mdns: (txt) => ({ ...txt, serial: `ffffff${txt.serial!.slice(6)}` }),
  },
  {
    name: 'mdns-product-type-differs',
    clause: 'KIND-02',
    strict: true,
    says: "the product_type advertised over mDNS is HWE-KWH1, not the device's",
    mdns: (txt) => ({ ...txt, product_type: 'HWE-KWH1' }),
  },
  {
    name: 'mdns-id-names-another-code',
    clause: 'KIND-02',
    strict: true,
    says: 'the id advertised over mDNS names the product type, not the certificate code',
    mdns: (txt) => (txt.id ? { ...txt, id: txt.id.replace(/^appliance\/[^/]+/, `appliance/${txt.product_type}`) } : txt),
  },
  {
    name: 'user-endpoint-missing',
    clause: 'KIND-01',
    says: 'POST /api/user answers 404',
    answer: (req) => (is(req, 'POST', '/api/user') ? { ...notFound(), headers: { ...notFound().headers, ...V } } : undefined),
  },
];
