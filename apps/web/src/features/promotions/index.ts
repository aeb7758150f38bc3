export const loadPromotionsPage = () => import('./components/PromotionsPage');
