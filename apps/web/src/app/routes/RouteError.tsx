import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PageContainer } from '@/components/PageContainer.tsx';

/** Shown when a route fails to load or render (for example a chunk missing after a deploy). */
export function RouteError() {
  const { t } = useTranslation(['common', 'validation']);
  return (
    <main>
      <PageContainer maxWidth={720}>
        <Typography variant="h1" sx={{ mb: 2 }}>
          {t('errors.routeTitle')}
        </Typography>
        <Alert severity="error" sx={{ mb: 3 }}>
          {t('unknownError', { ns: 'validation' })}
        </Alert>
        <Button variant="contained" href="/public/home">
          {t('errors.goHome')}
        </Button>
      </PageContainer>
    </main>
  );
}

type BoundaryProps = {
  children: ReactNode;
  /** The page the user is on: going to another one clears the error. */
  pathname: string;
};
type BoundaryState = { failed: boolean; pathname: string };

/**
 * Catches what a route throws while it loads or renders and shows `RouteError` in its place,
 * until the user goes to another page.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
