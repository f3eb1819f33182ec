/**
 * Base addresses of the services the app talks to. They default to the paths the portal's own
 * server answers on (same origin); a deployment can point them elsewhere through Vite's env
 * (`VITE_API_BASE`, `VITE_CORE_SERVICE_BASE`, `VITE_GO_SERVICE_BASE`, `VITE_UPLOADS_BASE`).
 */
function base(value: string | undefined, fallback: string): string {
  const chosen = value?.trim() || fallback;
  return chosen.endsWith('/') ? chosen.slice(0, -1) : chosen;
}

export const config = {
  apiBase: base(import.meta.env.VITE_API_BASE, '/api/v2'),
  coreServiceBase: base(import.meta.env.VITE_CORE_SERVICE_BASE, '/core-service'),
  goServiceBase: base(import.meta.env.VITE_GO_SERVICE_BASE, '/go-service'),
  uploadsBase: base(import.meta.env.VITE_UPLOADS_BASE, '/uploads'),
  /** Shown when the signed-in user has no picture of their own. */
  defaultAvatar: `${import.meta.env.BASE_URL}images/default-avatar.svg`,
} as const;

export type ServiceName = 'api' | 'core' | 'go';

export function serviceBase(service: ServiceName): string {
  switch (service) {
    case 'api':
      return config.apiBase;
    case 'core':
      return config.coreServiceBase;
    case 'go':
      return config.goServiceBase;
  }
}
