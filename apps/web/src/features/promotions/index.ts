export { PromotionsScreen } from './components/promotions-screen';
