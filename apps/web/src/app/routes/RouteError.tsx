import { isRouteErrorResponse, useRouteError } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { messages } from '@bullpen/contract/messages';
import { PageContainer } from '@/components/PageContainer.tsx';

/** Shown when a route fails to load or render (for example a chunk missing after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main>
      <PageContainer maxWidth={720}>
        <Typography variant="h1" sx={{ mb: 2 }}>
          Something went wrong
        </Typography>
        <Alert severity="error" sx={{ mb: 3 }}>
          {messages.unknownError}
          {detail ? ` (${detail})` : null}
        </Alert>
        <Button variant="contained" href="/public/home">
          Go to the home page
        </Button>
      </PageContainer>
    </main>
  );
}
