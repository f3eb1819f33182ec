/// <reference types="vite/client" />

// Declaration merging with Vite's own ImportMetaEnv needs an interface.
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions
interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_CORE_SERVICE_BASE?: string;
  readonly VITE_GO_SERVICE_BASE?: string;
  readonly VITE_UPLOADS_BASE?: string;
}
