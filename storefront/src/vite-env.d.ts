/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_STOREFRONT_ANNOUNCEMENT?: string;
}
