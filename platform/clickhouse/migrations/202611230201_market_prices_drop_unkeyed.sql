-- The price tables keyed without the snapshot (replaced by market_prices_*_by_snapshot in the previous migration)
-- and the history view that read the old station table.
DROP VIEW IF EXISTS market_history_daily_mv;
DROP TABLE IF EXISTS market_prices_station;
DROP TABLE IF EXISTS market_prices_region;
