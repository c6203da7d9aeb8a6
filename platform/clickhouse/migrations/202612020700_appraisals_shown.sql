-- Saved appraisals keep what the live page showed beside the rows and totals: the lines not read (with the reason a
-- line was refused) and the image server the icons came from. Older snapshots read back with none.
ALTER TABLE appraisals ADD COLUMN IF NOT EXISTS shown String DEFAULT '{}';
