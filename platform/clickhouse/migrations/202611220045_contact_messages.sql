-- Messages sent through the contact form (POST /api/contact), newest read first by the admin area.
CREATE TABLE IF NOT EXISTS contact_messages
(
    id          UUID,
    received_at DateTime64(3, 'UTC'),
    name        String,
    email       String,
    topic       LowCardinality(String),
    message     String
)
ENGINE = MergeTree
ORDER BY (received_at, id);
