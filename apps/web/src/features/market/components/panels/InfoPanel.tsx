import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Security } from '@bullpen/contract/market';
import { messages } from '@bullpen/contract/messages';
import { visuallyHidden } from '@/components/visually-hidden.ts';

/** Panel 1: what the company does, or the spec's "No description found for {name}". */
export function InfoPanel({ security }: { security: Security }) {
  return (
    <>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {security.kind === 'etf' ? 'Exchange-traded fund' : 'Stock'} · {security.sector.name}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {security.description?.trim() || messages.noDescription(security.name)}
      </Typography>
      {security.hyperlink && (
        <Box>
          <Link href={security.hyperlink} target="_blank" rel="noopener noreferrer">
            {security.name} website
            <span style={visuallyHidden}> (opens in a new tab)</span>
          </Link>
        </Box>
      )}
    </>
  );
}
