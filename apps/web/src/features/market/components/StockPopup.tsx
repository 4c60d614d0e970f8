import { useId } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import WalletIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import type { Security } from '@bullpen/contract/market';
import { MarketSourceLine } from '@/components/MarketSourceLine.tsx';
import { useFormatters } from '@/lib/format.ts';
import { STOCK_PANELS } from '@bullpen/contract/ui';
import type { StockPanelName } from '@bullpen/contract/ui';
import { useLiveQuote } from '../hooks/use-live-quote.ts';
import type { StockPopupControls } from '../hooks/use-stock-popup.ts';
import { ChangeText } from './ChangeText.tsx';
import type { Holdings, OrderType } from './StockListTable.tsx';
import { DataPanel } from './panels/DataPanel.tsx';
import { GraphPanel } from './panels/GraphPanel.tsx';
import { InfoPanel } from './panels/InfoPanel.tsx';
import { NewsPanel } from './panels/NewsPanel.tsx';
import { PositionPanel } from './panels/PositionPanel.tsx';

const panelIcons: Record<StockPanelName, typeof InfoOutlinedIcon> = {
  Position: WalletIcon,
  Info: InfoOutlinedIcon,
  Data: QueryStatsIcon,
  Graph: ShowChartIcon,
  News: ArticleOutlinedIcon,
};

export interface StockPopupProps {
  popup: StockPopupControls;
  holdings?: Holdings;
  onTrade: (security: Security, orderType: OrderType) => void;
}

function PanelContent({
  index,
  security,
  owned,
}: {
  index: number;
  security: Security;
  owned: number;
}) {
  switch (index) {
    case 0:
      return <PositionPanel security={security} owned={owned} />;
    case 1:
      return <InfoPanel security={security} />;
    case 2:
      return <DataPanel security={security} />;
    case 3:
      return <GraphPanel security={security} />;
    default:
      return <NewsPanel security={security} />;
  }
}

function PopupTitle({ security, id }: { security: Security; id: string }) {
  const { t } = useTranslation('market');
  const format = useFormatters();
  const quote = useLiveQuote(security);
  return (
    <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1.5, pr: 7 }}>
      <Box
        component="img"
        src={security.image_logo}
        alt=""
        width={40}
        height={40}
        sx={{ borderRadius: 1.5 }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Box component="span" id={id} sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {security.name} ({security.symbol})
        </Box>
        <Typography component="span" variant="body2" sx={{ display: 'block' }}>
          <Box component="span" sx={{ fontWeight: 700, mr: 1 }}>
            {format.cents(quote.lastPrice)}
          </Box>
          <ChangeText value={quote.dailyChange}>
            {t('popup.today', {
              change: format.signedCents(quote.dailyChange),
              percent: format.signedPercent(quote.dailyChangeRatio),
            })}
          </ChangeText>
        </Typography>
        <MarketSourceLine namespace="market" flush />
      </Box>
    </DialogTitle>
  );
}

/**
 * The stock detail popup (spec sections 2 and 4): five panels, 0 owned position, 1 Info,
 * 2 Data, 3 Graph, 4 News. From the md breakpoint a carousel shows every panel side by side,
 * the focused one larger (clicking another focuses it); below it, one slide at a time with
 * previous/next and the Buy and Sell buttons. Tabs switch panels with the keyboard.
 */
export function StockPopup({ popup, holdings = {}, onTrade }: StockPopupProps) {
  const { t } = useTranslation('market');
  const idBase = useId();
  const titleId = `${idBase}-title`;
  const desktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const { security, tab } = popup;
  const owned = security ? (holdings[security.id] ?? 0) : 0;
  const tabId = (index: number) => `${idBase}-tab-${index}`;
  const panelId = (index: number) => `${idBase}-panel-${index}`;

  // Focusable (WAI-ARIA tabs pattern): a panel taller than the screen scrolls with the keyboard.
  const focusedPanel = (index: number, children: ReactNode) => (
    <Box
      role="tabpanel"
      id={panelId(index)}
      aria-labelledby={tabId(index)}
      tabIndex={0}
      sx={{ minWidth: 0 }}
    >
      <Typography variant="h3" component="h3" sx={{ mb: 1.5 }}>
        {t(`popup.panels.${STOCK_PANELS[index]!}`)}
      </Typography>
      {children}
    </Box>
  );

  return (
    <Dialog
      open={popup.open}
      onClose={popup.close}
      aria-labelledby={titleId}
      fullScreen={!desktop}
      fullWidth
      maxWidth="lg"
    >
      {security && (
        <>
          <PopupTitle security={security} id={titleId} />
          <IconButton
            aria-label={t('popup.close')}
            onClick={popup.close}
            sx={{ position: 'absolute', right: 12, top: 12 }}
          >
            <CloseIcon />
          </IconButton>
          <Tabs
            value={tab}
            onChange={(_event, index: number) => popup.selectTab(index)}
            variant={desktop ? 'standard' : 'fullWidth'}
            aria-label={t('popup.details', { symbol: security.symbol })}
            sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 0, md: 2 } }}
          >
            {STOCK_PANELS.map((name, index) => (
              <Tab
                key={name}
                label={t(`popup.panels.${name}`)}
                id={tabId(index)}
                aria-controls={panelId(index)}
                sx={desktop ? undefined : { minWidth: 0, px: 0.5, fontSize: '0.8125rem' }}
              />
            ))}
          </Tabs>
          <DialogContent sx={{ pt: 2 }}>
            {desktop ? (
              <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'stretch', minHeight: 420 }}>
                {STOCK_PANELS.map((name, index) => {
                  const Icon = panelIcons[name];
                  if (index === tab) {
                    return (
                      <Box
                        key={name}
                        sx={{
                          flex: '1 1 auto',
                          minWidth: 0,
                          p: 2,
                          border: '2px solid',
                          borderColor: 'primary.main',
                          borderRadius: 2,
                          overflow: 'auto',
                          maxHeight: '70vh',
                        }}
                      >
                        {focusedPanel(
                          index,
                          <PanelContent index={index} security={security} owned={owned} />,
                        )}
                      </Box>
                    );
                  }
                  // Not focusable: the tabs above do the same for the keyboard.
                  return (
                    <Box
                      key={name}
                      aria-hidden="true"
                      data-panel={name}
                      onClick={() => popup.selectTab(index)}
                      sx={{
                        flex: { md: '0 0 92px', lg: '0 0 132px' },
                        cursor: 'pointer',
                        p: 1.5,
                        border: '1px solid',
                        borderColor: 'divider',
                        borderRadius: 2,
                        bgcolor: '#f3f6fb',
                        color: 'text.secondary',
                        display: 'flex',
                        flexDirection: 'column',
                        alignItems: 'center',
                        justifyContent: 'center',
                        textAlign: 'center',
                        gap: 1,
                        transition: 'background-color 150ms',
                        '&:hover': { bgcolor: '#e6edf7', color: 'text.primary' },
                      }}
                    >
                      <Icon />
                      <Typography sx={{ fontWeight: 700, color: 'text.primary' }}>
                        {t(`popup.panels.${name}`)}
                      </Typography>
                      <Typography variant="body2">{t(`popup.hints.${name}`)}</Typography>
                    </Box>
                  );
                })}
              </Box>
            ) : (
              <>
                {focusedPanel(tab, <PanelContent index={tab} security={security} owned={owned} />)}
              </>
            )}
          </DialogContent>
          {!desktop && (
            <DialogActions
              sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', px: 2, pb: 2 }}
            >
              <Box sx={{ display: 'flex', gap: 1 }}>
                <IconButton
                  aria-label={t('popup.previous')}
                  onClick={() =>
                    popup.selectTab((tab + STOCK_PANELS.length - 1) % STOCK_PANELS.length)
                  }
                >
                  <ChevronLeftIcon />
                </IconButton>
                <IconButton
                  aria-label={t('popup.next')}
                  onClick={() => popup.selectTab((tab + 1) % STOCK_PANELS.length)}
                >
                  <ChevronRightIcon />
                </IconButton>
              </Box>
              <Box sx={{ display: 'flex', gap: 1, ml: 'auto !important' }}>
                <Button variant="contained" onClick={() => onTrade(security, 'BUY')}>
                  {t('popup.buy')}
                </Button>
                <Button
                  variant="outlined"
                  disabled={owned <= 0}
                  onClick={() => onTrade(security, 'SELL')}
                >
                  {t('popup.sell')}
                </Button>
              </Box>
            </DialogActions>
          )}
        </>
      )}
    </Dialog>
  );
}
