import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BlogCard } from '@bullpen/contract/learn';
import { translateMessage } from '@/lib/translate-message.ts';
import { useFlyers } from '../api/get-flyers.ts';

/** The content service's button words, put in the reader's language when the catalogue knows them. */
const buttonText = (text: string) => translateMessage(text, ['home:blog.cardButtons']);

function CardLink({
  to,
  label,
  title,
  variant,
}: {
  to: string;
  label: string;
  title: string;
  variant: 'contained' | 'outlined';
}) {
  const { t } = useTranslation('home');
  const props = {
    variant,
    size: 'small' as const,
    'aria-label': t('blog.buttonLabel', { button: label, title }),
  };
  return to.startsWith('/') ? (
    <Button component={RouterLink} to={to} {...props}>
      {label}
    </Button>
  ) : (
    <Button href={to} {...props}>
      {label}
    </Button>
  );
}

function Card({ card }: { card: BlogCard }) {
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ borderRadius: 3, overflow: 'hidden', display: 'flex', flexDirection: 'column' }}
    >
      <Box
        component="img"
        src={card.image}
        alt=""
        width={320}
        height={180}
        loading="lazy"
        sx={{ width: '100%', height: 'auto', aspectRatio: '16 / 9', display: 'block' }}
      />
      <Box sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1, flex: 1 }}>
        <Typography variant="h3" sx={{ fontSize: '1.125rem', overflowWrap: 'anywhere' }}>
          {card.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {card.description}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 'auto', pt: 1 }}>
          <CardLink
            to={card.path}
            label={buttonText(card.buttonText)}
            title={card.title}
            variant="contained"
          />
          {card.secondPath && card.secondButtonText && (
            <CardLink
              to={card.secondPath}
              label={buttonText(card.secondButtonText)}
              title={card.title}
              variant="outlined"
            />
          )}
        </Box>
      </Box>
    </Paper>
  );
}

/** Articles from the content service (spec section 7); the section hides when none load. */
export function BlogCards() {
  const { t } = useTranslation('home');
  const { data } = useFlyers();
  if (!data || data.results.length === 0) return null;
  return (
    <Box
      component="section"
      aria-labelledby="blog-title"
      sx={{ py: { xs: 6, md: 9 }, px: { xs: 2, md: 3 }, maxWidth: 1200, mx: 'auto' }}
    >
      <Typography id="blog-title" variant="h2" sx={{ mb: 1 }}>
        {t('blog.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3, maxWidth: '70ch' }}>
        {t('blog.lead')}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {data.results.map((card) => (
          <Card key={card.path} card={card} />
        ))}
      </Box>
      <Button component={RouterLink} to="/public/preview-courses" sx={{ mt: 3 }}>
        {t('blog.allCourses')}
      </Button>
    </Box>
  );
}
