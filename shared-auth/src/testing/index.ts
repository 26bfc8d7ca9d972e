export { Location, renderPage, resetSession } from './render-page.tsx';
export { adminUser as admin, shopperUser as shopper } from '@shop/shared-api/testing';
