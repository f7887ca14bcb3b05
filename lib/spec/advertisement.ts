// What a device advertises over DNS-SD about itself (real-world.md "Discovery"): the TXT keys that
// name it, as KIND-02 compares them with GET /api and the certificate.
export interface Advertised {
  serial: string | null;
  product_type: string | null;
  product_name: string | null;
  /** `appliance/<code>/<serial>` of `_homewizard._tcp`; null where only `_hwenergy._tcp` answered. */
  id: string | null;
  /** Where the device's two services disagree with each other (serial, product_type, product_name). */
  disagreements: string[];
}
