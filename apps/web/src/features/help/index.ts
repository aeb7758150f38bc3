export const loadHelpPage = () => import('./components/HelpPage');
