import type { LoginField, RegisterField } from './schemas';

/**
 * Validators that load the schemas (and zod) on first use: the auth page shows without them,
 * and they arrive while the visitor types (`preloadAuthSchemas` on focus).
 */
const loadSchemas = () => import('./schemas');

export const preloadAuthSchemas = (): void => void loadSchemas();

export const validateLogin = async (values: Record<LoginField, string>) =>
  (await loadSchemas()).validateLogin(values);

export const validateRegister = async (values: Record<RegisterField, string>) =>
  (await loadSchemas()).validateRegister(values);
