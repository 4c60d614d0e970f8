CREATE TABLE "market_daily_bars" (
	"symbol" text NOT NULL,
	"day" date NOT NULL,
	"open" bigint NOT NULL,
	"high" bigint NOT NULL,
	"low" bigint NOT NULL,
	"close" bigint NOT NULL,
	"volume" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "market_daily_bars_symbol_day_pk" PRIMARY KEY("symbol","day")
);
