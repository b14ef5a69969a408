import { DashboardLayout } from '../layouts/dashboard-layout';
import { ProtectedRoute } from '../protected-route';

/** Every signed-in page: the session guard around the dashboard layout (loaded on demand). */
export function DashboardShell() {
  return (
    <ProtectedRoute>
      <DashboardLayout />
    </ProtectedRoute>
  );
}
