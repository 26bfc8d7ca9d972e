import type * as AdminCallsModule from './admin/index.ts';

// The admin panel's calls (products, users, activity, releases, spreadsheets) are code no guest or shopper
// runs, and the package is shared whole: kept here, they were in the first file of every page. Each is a
// stand-in with the same name and signature that loads them all, once, on the first call; the admin's
// route starts that load beside the remote (`loadAdminCalls`). Every name stays exported, so admin
// releases built before this keep working in a newer shell.

export type { ProductForm, ProductSendOptions } from './admin/products.ts';
export type { ProductImportOutcome } from './admin/spreadsheets.ts';

type AdminCalls = typeof AdminCallsModule;
type AsyncCall = (...args: never[]) => Promise<unknown>;
type AdminCallName = {
  [Name in keyof AdminCalls]: AdminCalls[Name] extends AsyncCall ? Name : never;
}[keyof AdminCalls];

let loading: Promise<AdminCalls> | undefined;
let loaded: AdminCalls | undefined;

/** Loads the admin's calls (a failed load is tried again on the next call). */
export function loadAdminCalls(): Promise<AdminCalls> {
  loading ??= import('./admin/index.ts').then(
    (calls) => (loaded = calls),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** A stand-in for the admin call `name`: once they are loaded, the call itself, made at once. */
function adminCall<Name extends AdminCallName>(name: Name): AdminCalls[Name] {
  type Call = (...args: unknown[]) => Promise<unknown>;
  const call = (...args: unknown[]) =>
    loaded
      ? (loaded[name] as Call)(...args)
      : loadAdminCalls().then((calls) => (calls[name] as Call)(...args));
  return call as AdminCalls[Name];
}

export const getAdminProducts = adminCall('getAdminProducts');
export const getAdminProductsPage = adminCall('getAdminProductsPage');
export const createProduct = adminCall('createProduct');
export const updateProduct = adminCall('updateProduct');
export const deleteProduct = adminCall('deleteProduct');
export const getUsers = adminCall('getUsers');
export const getUsersPage = adminCall('getUsersPage');
export const getUserDetails = adminCall('getUserDetails');
export const updateUser = adminCall('updateUser');
export const deleteUser = adminCall('deleteUser');
export const getAdminActivity = adminCall('getAdminActivity');
export const getReleaseHealth = adminCall('getReleaseHealth');
export const getProductsCsv = adminCall('getProductsCsv');
export const downloadProductsCsv = adminCall('downloadProductsCsv');
export const getOrdersCsv = adminCall('getOrdersCsv');
export const downloadOrdersCsv = adminCall('downloadOrdersCsv');
export const importProductsCsv = adminCall('importProductsCsv');
