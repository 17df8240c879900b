/** The order feature's public surface: the podcastmaker page embeds the same order form. */
export { OrderForm } from './components/order-form';
