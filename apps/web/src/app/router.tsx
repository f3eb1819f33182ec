import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import * as Screens from './routes/lazy-screens';
import { TaxFormsRoute } from './routes/tax-forms-route';
import { RequireAuth } from './routes/require-auth';
import { LayoutBoundary, RouteBoundary } from './routes/route-boundary';

const screen = (node: ReactNode) => <RouteBoundary>{node}</RouteBoundary>;
const layout = (node: ReactNode) => <LayoutBoundary>{node}</LayoutBoundary>;

/** The routes of SPEC 2, under hash routing. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={layout(<Screens.AuthLayout />)}>
        <Route path="login" element={screen(<Screens.LoginScreen />)} />
        <Route path="changePassword" element={screen(<Screens.ChangePasswordScreen />)} />
        <Route path="forgotPassword" element={screen(<Screens.ForgotPasswordScreen />)} />
        <Route path="resetPassword" element={screen(<Screens.ResetPasswordScreen />)} />
        {/* For travellers: open to anyone, signed in or not. */}
        <Route path="status" element={screen(<Screens.FormStatusScreen />)} />
      </Route>

      <Route element={<RequireAuth />}>
        <Route element={layout(<Screens.ShellLayout />)}>
          <Route index element={screen(<TaxFormsRoute />)} />
          <Route path="home" element={screen(<Screens.DashboardScreen />)} />
          <Route path="refundForms" element={screen(<TaxFormsRoute />)} />
          <Route path="profile" element={screen(<Screens.ProfileScreen />)} />
          <Route path="formStats" element={screen(<Screens.TaxFormStatsScreen />)} />
          <Route path="promoList" element={screen(<Screens.PromotionsScreen />)} />
          <Route path="shopUpdate" element={screen(<Screens.ShopUpdateScreen />)} />
          <Route path="gallery" element={screen(<Screens.GalleryScreen />)} />
          <Route path="staff" element={screen(<Screens.StaffScreen />)} />
          <Route path="integrations" element={screen(<Screens.IntegrationsScreen />)} />
          <Route path="allBranches" element={screen(<Screens.AllBranchesScreen />)} />
        </Route>
      </Route>

      {/* Open to anyone, yet shown in the app shell. */}
      <Route element={layout(<Screens.ShellLayout />)}>
        <Route path="issueForm" element={screen(<Screens.IssueFormScreen />)} />
        <Route path="taxformBreakdown" element={screen(<Screens.TaxFormBreakdownScreen />)} />
      </Route>

      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
