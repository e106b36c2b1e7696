import { AppRouter } from './router';

/**
 * The public landing page renders with nothing but React and the router; data fetching, toasts
 * and the admin shell load with the pages that need them (ARCHITECTURE section 8: public JS).
 */
export function App() {
  return <AppRouter />;
}
