// DNS-SD facts (real-world.md "Discovery").

/** Service type -> the API side it announces. */
export const SERVICE_TYPES = { hwenergy: 'v1', homewizard: 'v2' } as const;
export type ServiceType = keyof typeof SERVICE_TYPES;
