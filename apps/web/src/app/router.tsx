import type { ComponentType, ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { ManagersOnly } from '@/components/managers-only';
import * as Screens from './routes/lazy-screens';
import { TaxFormsRoute } from './routes/tax-forms-route';
import { RequireAuth } from './routes/require-auth';
import { LayoutBoundary, RouteBoundary } from './routes/route-boundary';

/**
 * A screen in its frame. Routes of one frame render the same elements around their screen, so
 * moving between them keeps the frame (its menus, its query cache) and starts only the screen anew.
 */
const framed = (Frame: ComponentType<{ children: ReactNode }>, screen: ReactNode) => (
  <LayoutBoundary>
    <Frame>
      <RouteBoundary>{screen}</RouteBoundary>
    </Frame>
  </LayoutBoundary>
);
const signedOut = (screen: ReactNode) => framed(Screens.AuthLayout, screen);
const inShell = (screen: ReactNode) => framed(Screens.ShellLayout, screen);
const signedIn = (screen: ReactNode) => <RequireAuth>{inShell(screen)}</RequireAuth>;

/** The routes of SPEC 2, under hash routing. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/login">{signedOut(<Screens.LoginScreen />)}</Route>
      <Route path="/changePassword">{signedOut(<Screens.ChangePasswordScreen />)}</Route>
      <Route path="/forgotPassword">{signedOut(<Screens.ForgotPasswordScreen />)}</Route>
      <Route path="/resetPassword">{signedOut(<Screens.ResetPasswordScreen />)}</Route>
      {/* For travellers: open to anyone, signed in or not. */}
      <Route path="/status">{signedOut(<Screens.FormStatusScreen />)}</Route>

      <Route path="/">{signedIn(<TaxFormsRoute />)}</Route>
      <Route path="/home">{signedIn(<Screens.DashboardScreen />)}</Route>
      <Route path="/refundForms">{signedIn(<TaxFormsRoute />)}</Route>
      <Route path="/profile">{signedIn(<Screens.ProfileScreen />)}</Route>
      <Route path="/formStats">{signedIn(<Screens.TaxFormStatsScreen />)}</Route>
      <Route path="/promoList">
        {signedIn(
          <ManagersOnly screen="promotions">
            <Screens.PromotionsScreen />
          </ManagersOnly>,
        )}
      </Route>
      <Route path="/shopUpdate">
        {signedIn(
          <ManagersOnly screen="shop">
            <Screens.ShopUpdateScreen />
          </ManagersOnly>,
        )}
      </Route>
      <Route path="/gallery">
        {signedIn(
          <ManagersOnly screen="gallery">
            <Screens.GalleryScreen />
          </ManagersOnly>,
        )}
      </Route>
      <Route path="/staff">{signedIn(<Screens.StaffScreen />)}</Route>
      <Route path="/integrations">{signedIn(<Screens.IntegrationsScreen />)}</Route>
      <Route path="/allBranches">{signedIn(<Screens.AllBranchesScreen />)}</Route>

      {/* Open to anyone, yet shown in the app shell. */}
      <Route path="/issueForm">{inShell(<Screens.IssueFormScreen />)}</Route>
      <Route path="/taxformBreakdown">{inShell(<Screens.TaxFormBreakdownScreen />)}</Route>

      <Route>
        <Redirect to="/" replace />
      </Route>
    </Switch>
  );
}
