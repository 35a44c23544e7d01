// The TripCoin packs (server/services/purchases/products.ts) as app.products, loaded and checked once:
// the purchase routes, the webhooks and the grant read it. A bad products file stops the app
// here, before it serves, naming the field.
import fp from 'fastify-plugin';
import { loadProducts } from '../services/purchases/products';

export default fp(async (app) => {
  app.decorate('products', loadProducts(app.config.PURCHASE_PRODUCTS_FILE));
}, { name: 'purchases', dependencies: ['config'] });
