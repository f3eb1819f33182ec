export { ShopUpdateScreen } from './components/shop-update-screen';
