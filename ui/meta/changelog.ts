/**
 * The product's releases, newest first. Each notable change lands here with a version bump in package.json;
 * the label (Major/Minor/Patch) is derived from which version digit changed, never typed.
 */
export interface Release {
  version: string
  date: string
  title: string
  changes: string[]
}

export const releases: Release[] = [
  {
    version: '0.15.0',
    date: '2026-12-01',
    title: 'Ore planner: the cheapest plan, proven, in milliseconds',
    changes: [
      "Ore planner: cheapest-ISK and blended plans are now proven the best possible in milliseconds instead of taking seconds (and often stopping at the 3 second limit with 'at most … ISK from the best possible'). A full eight-mineral plan with every ore allowed answers in about 25–60 ms; the plan is the same true optimum, worked out with the game's per-stack rounding.",
      'Ore planner: the few plans the new method cannot take on (some narrow ore selections, blends weighted heavily towards m³) still go to the general solver as before, and say so when they stop at the time limit.',
      'Every page: a page opened by typing or pasting its address no longer opens scrolled to where another page of the same tab was left.',
    ],
  },
  {
    version: '0.14.21',
    date: '2026-11-29',
    title: 'No page left waiting on a silent server, steadier data feeds, reviews of eight tools',
    changes: [
      "Every page: a call the server never answers ends after 30 seconds with a message instead of 'Loading…' for good, and what you typed stays; links that open a new tab say so to screen readers.",
      'Appraisals: pressing Back after Save & Share brings back your paste and settings, so a forgotten line can still be added; moving the adjustment slider reads the new total out once it rests, not at every step.',
      "Fitting tool: the session screen fits the window exactly on phones, tablets and desktops, so you no longer scroll to reach the bottom of Pyfa; going back or forward between two sessions no longer shows one session's screen under the other's address; text in the paste dialog survives a dropped connection and is sent only once the screen is back; Full screen is hidden where it cannot work (iPhone); an unreachable server is no longer called 'Session closed', and a broken session link is explained; a page heading, a named screen, an announced connection state and no countdown read out every second.",
      "Wormhole database: an answer in the wrong shape says the list or system did not load instead of crashing; Clear filters keeps keyboard focus. Wormhole Sites: the Recon Drifter toggle says it only adds to combat sites; drifter=Recon in a link works in any case; the name search answers to 'Name'; the site count is read out; Try again keeps your place; a site file in the wrong format is named in the warning.",
      "Industry: Tab from an open blueprint or system list goes to the next field and Escape closes it in place (reactions and the time converter's zone list too); the boxes say 'Loading…' while their lists load; a shared link shows its blueprint's name at once. Build-cost API: a blank job cost override or facility tax means 'not set', not 0, and only decimal numbers are taken.",
      "Gas and ore calculators: saving, loading and deleting a saved setup is read out (the same message twice too), each Load button names its setup, and deleting with the keyboard keeps your place; the ore page's late link warnings (crystal, module, ship) are read out; a data file that cannot be loaded is named with what it costs and a Try again button, where the gas page dropped the module stats silently.",
      'Ore planner: Null sec stays chosen after a reload and in a shared link. Loot splitters: a link that lists a player twice says so and keeps the first row.',
      'Contact: a name or email pasted past its limit is kept whole and the form says which to shorten. Killfeed admin: Refresh says what it found to screen readers; Enter saves an edited route and Escape cancels. The menu button says whether the menu is open.',
      "Market prices: a price page from ESI that arrives broken is fetched again instead of the whole hub's update being skipped. Killmail feed: zKillboard's 'retry after' date is respected; the backfill keeps killmail bodies out of memory. Killboard panels and the kill tracker show names fetched from ESI even when saving them to the database fails.",
      "Distributed mode: if Kafka is not up when the app starts, data flows once it is, without a restart; a slow database write no longer makes a Kafka consumer lose its place and take the same batch again and again. Embedded mode: memory no longer grows while the database is unreachable. Scheduled jobs run on UTC whatever the server's time zone.",
    ],
  },
  {
    version: '0.14.20',
    date: '2026-11-29',
    title: 'Number boxes say which number they use, phone-friendly planner summary, reviews of nine tools',
    changes: [
      "Calculators: while a typed number is not the one used (ME 15, runs 2.5, an empty box), the box says which is ('Using 10: at most 10.', 'Facility tax is 0 to 100%: 100 applied.') and screen readers hear it; the loot splitters' table boxes too.",
      "Kill tracker: the tab is titled with the name as tracked ('Bob', not the address's 'bob'), and a Net of exactly 0 ISK is a red tile with a down arrow, as the spec gives every status but positive.",
      "PI calculator: the price snapshot's age counts on while the page stays open. Gas and ore calculators: the 'part of this link could not be read' warning drops a field once you set it.",
      'Industry API: an empty me= or runs= means the default, and both take digits only (0x5 and 1e3 are refused with a sentence).',
      "Hole rolling: ship masses are read by their thousands groups ('200,5' is refused, '200.000.000 kg' read); a log cleared by changing the type or by Reset can be undone; the page says when the wormhole codes are loading or failed, with Try again; an unreadable other-ship mass is explained; a picked code's line names its destination and where the 2023 SDE gives other masses.",
      'Time converter: Unix numbers with grouped thousands are read; the zone search finds UTC as GMT, EVE time or Zulu, and a legacy short name typed in full (CET, EST, Japan) offers its zone first.',
      "Reactions: when no formula can be calculated the page says why and offers Try again; it says when the family list did not load; amounts no longer break before 'ISK' on phones; a high-sec request to the API is told reactions cannot run there. Status page: an answer that is not a status report shows a message instead of crashing.",
      "Ore planner: Deselect and Select all keep keyboard focus; screen readers hear what a paste read and each group's name once; '0x10' or '1e3' in a link is refused and a pasted '1,000,000.50' reads as 1,000,001; Wormhole (12%) stays chosen; after a failed plan the last one stays dimmed with a note; the summary stacks on phones; a refine rate too low to count the ore exactly is refused.",
      'Killfeed admin: server and network failures read as sentences, not raw HTML; a route that copies another is refused with a pointer to the one to edit; focus stays on Sign in and Save after a refusal; long names and addresses wrap on phones. Contact: the Discord notice is retried after a short outage.',
      "Site: a 'Skip to content' link on every page; choosing the page you are on closes the menu, which now slides out too; the landing search's count is read out; the starfield no longer reshuffles when a phone's address bar moves; the status tab reads 'Infrastructure Status'; changelog headings name each release's kind and date.",
      "Loot splitters: a shared participation link naming sites its tier lacks says which were left out; the 'player count exceeds Number Ran' warning reaches screen readers; long names are no longer cut mid-emoji.",
      "Any page: an OK answer that is not data (a proxy's or captive portal's page) is reported as such instead of being read as data.",
    ],
  },
  {
    version: '0.14.19',
    date: '2026-11-29',
    title: 'Live killfeed and kill tracker on phones, ore and gas links in any case, clearer PI and industry gaps, appraisal CSV pastes',
    changes: [
      "Live killfeed: opens with the last 100 kills instead of 50, says 'Loading…' while it loads, fits long names on a phone, and screen readers hear each new kill once and can tell every zKill link apart.",
      'Kill tracker: long pilot names no longer push the page off a phone screen, and addresses such as /health show the not-found page instead of an error.',
      "Gas and ore calculators: on phones the site or ore name stays in view while the results scroll sideways; switching between hulls that fit the same strip miner keeps the crystal; links and the ore API read ship, module and crystal names in any case and with any quotes ('hulk', \"Crop' Gas Cloud Scoop\"); an industrial core on a hull without one says it has no effect; screen readers no longer read each gas column's help with every cell.",
      "PI calculator: a profit that cannot be worked out names the missing prices that block it. Industry: before any cost indices have arrived the system list says 'not fetched yet' instead of 'no index', and an empty system or blueprint in the build-cost API says what belongs there.",
      "Appraisals: quoted CSV rows without a header ('\"Tritanium\",1000') and two-column CSV headers are read; lines of symbols alone are skipped instead of becoming blank Invalid rows; a chat quote's '>' and double quotes around a name are dropped.",
      "Wormhole database: for the nine systems whose statics were corrected since Pathfinder's 2019 export, the dialog names what other maps may show. Wormhole and mining data files answer 304 to a proxy's weakened ETag.",
      "API: ids in paths and queries must be written in digits; '0x1d9a5b5' or '3.1e7' is refused with a sentence instead of being read as a system id.",
    ],
  },
  {
    version: '0.14.18',
    date: '2026-11-28',
    title: 'Giant kills kept whole, cleaner market prices, appraisal names read right, a fuller wormhole database',
    changes: [
      'Killmail feed: the killmails topic is gzip-compressed and each kill is sized as the broker weighs it, so a battle kill is published whole up to about 41,000 attackers (before: stripped past about 5,500 and dropped past about 7,000).',
      "Market prices: orders with nothing left to trade no longer count as prices, and a fetch that ESI's refresh shortens mid-way is fetched again at once instead of being marked failed.",
      "Price API: proxies and browsers get 304s for weak or listed ETags; history's daily close is null when the day ended with no orders on that side, and a retried snapshot is no longer counted twice.",
      "Appraisals: type names that look like a quantity form are read right ('X5 Enduring Stasis Webifier 2', '5 x Strange Matter Component X-13'), names the game spells with two spaces are no longer priced as another item, and screen readers hear the warnings with the total.",
      'Wormhole database: statics show mass regeneration, the Magnetar lists its drone tracking penalty, Drifter systems can be found by name (Vidette) and a search for Thera says why it is not listed; on phones the Effect column is back as a second line and each static says where it leads in words.',
    ],
  },
  {
    version: '0.14.17',
    date: '2026-11-23',
    title: 'Renaming players, links that keep every setting, and errors a screen reader hears',
    changes: [
      'Loot splitters: a player can be renamed in place (✎, Enter or Escape), keeping their ships, shares and attendance; blank or taken names are refused as when adding. Calculate keeps keyboard focus and reads the breakdown out; Remove hands focus to the next row; a site value just under a billion shows as 1.0B, not 1000.0M.',
      "Wormhole Sites: class, type, search, reference mode and the Drifter toggle live in the address; orbit distances show to a tenth of a km (6.5 km, not 7 km); the Drifter battleships orbit at the spec's 13 km; a site with no blue loot value in the data says so instead of 0 ISK, and the total says it is partial; a wrong answer from the Drifter data no longer crashes the page.",
      "Calculators: a failed call's error is read out by screen readers from an alert region that is always on the page, a repeated failure too (gas, ore, PI, industry, appraisals, compressed-ore planner); table header tips open from the keyboard and by tap, not only on mouse hover.",
      'Compressed-ore planner: Calculate keeps keyboard focus while a plan runs, the plan is read out, and a Calculate held back by a problem is still reached by Tab and says why.',
      'PI calculator: the mode and tax live in the address, so a link opens the same setup; an n/a profit tells screen readers which prices are missing.',
      "Gas and ore calculators: an empty number in a link keeps its default instead of setting a skill to 0; a link's ship gets a module it can fit; the wormhole sites holding an ore open from a '?'; the crystal note counts the rows shown.",
      'Industry and reactions: a failed build-cost call says the server could not be reached or could not calculate; the reaction breakdown and the build-cost summary fit a 320 px phone.',
      "Time converter: a link with a '+02:00' offset is read; a zone typed in another case is offered once; what the Read box read and the daylight-saving notice are read out. Contact: Send keeps keyboard focus, and a message that could not be stored does not use up one of the five tries.",
      "Kill tracker: the donut's counts are read once, and each stat tile reads as its label and value.",
      "Start: a stop (docker stop, kill) during the first start's static import ends the import too, instead of leaving it running in the data folder.",
    ],
  },
  {
    version: '0.14.16',
    date: '2026-11-23',
    title:
      'Reviews: loot splitters, ore planner page, wormhole references, status page, killmail feed and ingest, distributed mode, fitting sessions, accessibility',
    changes: [
      'Loot splitters: a C5/C6 combat site run without a capital values its Drifter as the Recon Battleship (100 M), not the Response Battleship (300 M), which needs a capital on grid; pasting one fleet-window row adds the pilot named in its first column.',
      "Compressed-ore planner: the trade hub list no longer depends on a request that can fail, the refine calculator's 'Use' rounds the rate down so a plan never counts on minerals the game does not give, and a typed amount above what one plan takes says it was cut.",
      "Wormhole references: a shared statics link no longer shows 'Showing 0' while the type data loads; the mass tracker's jump log fits a phone; picking a rolling code moves keyboard focus to the tracker; a broken saved log no longer crashes the rolling page.",
      'Status page: with no price at any hub because every fetch failed, the pipeline reads DOWN with the reason instead of DEGRADED; a failed static import says so and why; no polling from a hidden tab; a server that does not answer in 20 s is reported; /api/health answers within seconds when the database hangs.',
      "Killmail feed: the in-process backlog is bounded and the feed keeps going when saving its position fails; a zKillboard history day listed empty is asked again later instead of being marked done; a kill delivered twice after a Kafka rebalance counts once in the summary and heatmap; a kill over Kafka's 1 MB limit is published without item lists or skipped with a log, instead of blocking the feed; a message that is not JSON no longer stalls a partition.",
      "Ingest: the live feed waits for ClickHouse at start instead of stopping for good; an import killed half way is reported as interrupted (a heartbeat) and its rows are dropped by the next one, and an older import finishing last no longer deletes the serving one; a slow first run of a job no longer overlaps the next; the killmail backfill retries missed days hourly; ESI's Retry-After on errors and its own clock for cache expiry are honoured; a shutdown is no longer reported as a market failure.",
      'Distributed mode: the image builds (npm install instead of npm ci), a .dockerignore keeps host files out, app roles run as a non-root user, docker stop shuts every role down cleanly, nginx passes on the scheme from a TLS proxy in front, every service restarts after a crash, a one-shot migrate service runs before the app processes, a restarted api replica shows the online count at once, and KAFKA_BROKERS must name ports.',
      "Fitting tool: after a network drop the session page reconnects by itself (tries 1 to 15 s apart, for longer than the 60 s grace period) and never takes the session back from a newer tab; Ctrl+V after 'Paste into session' reaches Pyfa; phones and tablets get a Keyboard button; an IPv6 /64 counts as one address for the session limits; the landing page is a plain Start link again with no data call, as the spec says; the idle and grace settings refuse values longer than a timer can wait.",
      "Accessibility: closing a dialog gives focus back to what opened it (or the page heading when a link opened it); pages reflow at 320 px; every Copy and Show Waves button says what it is for, copies are announced, and a refused copy says 'Copy failed'; on the gas, ore, PI, industry and appraisal pages Calculate or Appraise keeps the keyboard while busy and the new result is read out, and the appraisal total is no longer read with its Copy button.",
      "API: a field left out is called 'required', numeric bounds read 'must be at least 1' or 'must be a whole number' instead of zod's wording, and the OpenAPI document shows the build-cost bounds the server enforces.",
      "Security and set-up: the CSP lets pages open websockets to their own host only; dependency install scripts are reviewed in package.json for npm 12; a contact message refused as invalid no longer uses up one of the sender's five tries.",
      "Live header: the demo banner and the online count no longer go missing when the server's first message arrives before the page has subscribed. The demo prints a killfeed admin login at each start, and its kills are valued from their hulls.",
      "Killfeed admin and kill tracker: a session that ends mid-edit asks to sign in again above the page and keeps what was typed; Edit, Save, Cancel, Delete, Remove, clear and picking a search result keep the keyboard where the admin works; searches, their result counts and each add are announced; a double press adds one kill tracker page; Refresh keeps focus while it reloads; the donut's kills and losses are written under it.",
    ],
  },
  {
    version: '0.14.15',
    date: '2026-11-23',
    title: 'Reviews: security, route fuzzing, fresh install, killmail feed, appraisal pastes, market, industry, reactions, PI, kill tracker; faster m³ plans',
    changes: [
      'Compressed-ore planner: m³ plans answer in about 40 ms instead of about 100 (the exact search does the same work in half the time, a one-ore group such as Mercoxit for Morphite is answered without the solver thread, and the warm-up also warms the search); every plan is proven optimal as before. ISK and blend plans are unchanged.',
      'A fresh install answers from its first second: while the first start imports the static game data (about a minute) the site shows a page that says so and reloads itself, instead of refusing the connection.',
      'Security: the client address for rate limits and the admin login is read from X-Forwarded-For only as far as our own proxies wrote it, so a visitor can no longer pick a new address per request to dodge every limit; guesses sent all at once count against the login limit before the password check; answers over https carry HSTS; nginx lets through every appraisal the api accepts.',
      "API: every route was fuzzed with hostile input (a new test sends about 3,300 requests to all documented routes and the admin ones): a body that is not JSON, or compressed wrongly, gets a sentence that says so instead of 'Bad request' or a 500; repeated query parameters and text where a number belongs are named; long unknown paths are not echoed back; a killfeed display name with a broken character is stored instead of failing.",
      "Appraisals: a paste that mixes formats is read whole: an inventory or list after a fit keeps its thousands commas, list lines after a killmail and after a shuttle's killmail are read, a survey scan no longer drops a fit's modules pasted beside it, spreadsheet CSV cells may hold commas (\"1,000\"), and EFT cargo such as 'Exotic Dancers, Male x50' stays one line. The 5% sell price is called 'bottom 5%' as on the gas page, and the adjustment box has a name screen readers can say.",
      "Market: a region whose fetch straddles ESI's 5-minute refresh is fetched again at once instead of going DEGRADED until the next run; price history's days=N answers N days; an older price snapshot that finishes loading last no longer replaces a newer one; an id list of only commas, or of 0, is refused.",
      "Industry: an empty ESI answer no longer wipes the stored adjusted prices or cost indices; the blueprint picker lists blueprints by name; a link's job-cost override that a number box cannot show is dropped instead of failing every calculation unseen; before the first fetch, cost indices read 'not fetched yet' and missing prices say no snapshot exists, instead of claiming the hub has no orders.",
      "Reactions: the cost index field says the percentage it applies, so a typed '5.12' (the game's percentage) visibly means the 100% cap; job times are in days and hours; before the first fetch the system list says the indices are not fetched yet.",
      "PI: a breakdown opened while a recalculation runs shows the new numbers; 'One batch is 1 unit'; each tier's table has its own name for screen readers.",
      'Kill tracker and killfeed: the live feed catches up on kills pushed while its connection was down; a list cut at 200 kills says so; a kill is posted once to a Discord channel that several routes share; webhook threads are told apart in the admin; contact messages page without repeats; each zKill link is named after its kill; the sign-in form says accounts come from npm run admin:create.',
      "Killmail feed: nothing lost across a stop or crash of npm start (the saved position waits until published kills are stored); a broken R2Z2 file is asked once more and skipped instead of stopping the feed; one kill with a bad time no longer stalls the store; a kill with a broken body is fetched from ESI; the feed recovers when R2Z2's numbering starts over.",
      "Time converter: reads the time inside a pasted chat line or a kill report copied from the game, and a link's zone in any case.",
      "Wormhole database: the Red Giant's bomb bonus is shown (the SDE carries it on the smart bomb damage attribute), and a system with no kill data says so instead of drawing 168 empty hours. Wormhole Sites: a Try again button reloads site files that failed.",
      "Ore calculator: when the wormhole ore-site data did not load, the page lists every ore and says why, instead of an empty 'No ores to show.'; a new test checks the calculator against cycle times players measured in game.",
      'Fitting tool: a server that cannot start sessions says so on the landing page in place of Start.',
      "Contact: a request the server has not answered in 20 s is given up with a message, so the button never stays on 'Sending…'.",
      "Keyboard and phones: the Settings panel is a plain disclosure (Escape returns to it, Tab away closes it); focusable table rows open with Space as well as Enter; the 'no price' mark reads its reason to screen readers; dialogs fit the visible screen on phones; kill tracker ship names wrap on a phone; every page is checked for sideways scrolling at 390 and 768 px.",
    ],
  },
  {
    version: '0.14.14',
    date: '2026-11-23',
    title: 'Reviews: offline fresh install, loot splitters, fitting tool, contact, wormhole references, harvesting, ore planner page, site shell',
    changes: [
      'A fresh install with no internet (ESI and zKillboard unreachable) now says so on every page instead of showing zeros: appraisals show "No price data" and "—" totals and will not freeze a snapshot without prices; reactions and industry read n/a for totals that need a missing price; the kill tracker and the system kill panels say there is no kill data yet, not that nobody died; the status page names the cause once and says when zKillboard is not answering.',
      "Hole rolling: the mass tracker refuses a ship heavier than the hole's jump mass, keeps the log when the tracked code is clicked again, scrolls its jump log on phones, and starts fresh from a broken saved log.",
      "Wormhole database: closing a system's dialog no longer leaves it in the history, the heatmap reads its kill counts to screen readers, and a link's shattered filter reads in any case. Wormhole Sites says when the chosen class's site files did not load.",
      'Loot splitters: previews never drop the Drifter and Avengers while their values load or fail; pasting a list of names adds one player per line; shares and link counts stay within what the calculator takes; Calculate without players says "Add at least one player first."; one site spelled twice is refused.',
      "Fitting tool: an older tab says the session moved to the newer one and is still running; starts refused while the server is full no longer use up the visitor's starts; going back while a session starts ends it; a failed start offers Try again; Paste waits for the screen and warns about characters the session's clipboard cannot carry.",
      "Contact form: control and broken characters are cleaned instead of failing the save, the visitor's markdown is escaped in the Discord post, a paste over 4000 characters is kept whole with a message, and the form works with screen readers (names, required fields, errors, focus).",
      "Gas and ore calculators: a link's ship gets its usual module, a crystal the module cannot load is dropped from a link, two tabs no longer delete each other's saved fleets, and screen readers hear the right site on each gas row.",
      'Compressed-ore planner: no "Allow X" advice for an ore that is allowed but has no price, links cannot set bonuses the form cannot show, negative pasted amounts are skipped, the form follows Back and Forward, and a running plan clears the last error and dims the previous plan.',
      'Killfeed admin: with ESI down an entity can still be added by its id, named as not resolved yet.',
      "Site shell: the status page answers within 5 s when the database hangs (DB DOWN, market pipeline UNKNOWN); changelog labels come from the version digits; the menu returns focus to its button; 404 and error pages have their own tab titles; the header's online count is aged on the server's clock and not read aloud every minute.",
      'Appraisals: a paste holding a broken character can be saved.',
    ],
  },
  {
    version: '0.14.13',
    date: '2026-11-22',
    title: 'Reviews: market prices, killmail freshness, industry, PI, appraisals',
    changes: [
      "Market prices: outlier orders no longer drag the 5% prices. As in Fuzzwork's aggregates, a sell above 100 times the lowest sell and a buy below a hundredth of the highest buy get no weight; one penny buy order for a billion units had pulled a buy price from 70 ISK to 7.",
      "Market prices: an order ESI lists on two pages no longer leaves a snapshot unfinished, volumes above 4.29 billion (Jita Tritanium) are served whole, and a snapshot being replaced always loads whole. Price ages now count from ESI's data time, and the status page calls prices STALE after the cadence plus ten minutes.",
      'Status page, kill tracker and system kill panels: a Killmail feed card, and an amber note on the kill panels when no kill has been stored for 30 minutes, so a zKillboard outage no longer reads as a quiet week.',
      'Killfeed: a global Discord rate limit pauses every webhook, not only the one that got it; a webhook Discord has deleted or refuses is named, in red, on the routes table.',
      'Industry: a materials total that counts unpriced materials as 0 is marked, the buy side gets its own warning, and before the first ESI snapshot the warnings say the data is not fetched yet instead of blaming ESI.',
      'PI: each n/a names only the prices that stop that profit, the note counts each profit apart, and a 7.25% tax shows as 7.25%, not 7.3%.',
      'Appraisals: capital modules count packaged, like ships (their haul was overstated about four times); the largest paste the page takes can be saved; in sell and buy modes the Split total is the midpoint of the best orders shown beside it; an inventory or a fit pasted below a killmail keeps its quantities.',
      'Time converter: reads times written with a space, as killboards write them (2024-05-01 19:00:00 UTC).',
      'Killmail backfill: a day whose history file answers 404 is tried again later instead of being stored as a day without kills.',
    ],
  },
  {
    version: '0.14.12',
    date: '2026-11-22',
    title: 'Reviews: reactions, appraisals, webhooks, time zones',
    changes: [
      'Reaction calculator: molecular-forged formulas no longer get a rig bonus. No reaction rig in the game data works on them; the dialog now says so when rigs are chosen.',
      'Reaction calculator: a structure uses the rigs of its own size, medium on an Athanor and large on a Tatara, and the dialog names the rig modules applied.',
      'Ore calculator: the crystal tooltip now matches the game data. Type A II crystals also raise residue, and only Type B changes cycle time.',
      'Appraisals read more of what players paste: EFT lines with no space after the comma, structure killmails, killmail item lines on their own, Name: 53333, quantities set off by a tab or several spaces (Hobgoblin II  x5), 1xMinmatar Shuttle, 1’000, and names that end in a number (Navy Cap Booster 400 100). Rigs named Blueprint Copy Accelerator are no longer taken for blueprint copies.',
      'Killfeed: the same Discord webhook written two ways (discordapp.com, ptb, an API version, a trailing slash) is now one webhook and gets each kill once; webhooks are stored as discord.com URLs, as Discord asks, and the contact form posts to discord.com too.',
      "Time converter: a pasted ISO time without an offset, or a shared link's time, is read by the page's daylight-saving rules. A time that happens twice is now always its first occurrence; before, the answer depended on the season the page was opened in.",
    ],
  },
  {
    version: '0.14.11',
    date: '2026-11-22',
    title: 'Spec review',
    changes: [
      'Appraisals: changing the hub re-appraises as soon as there are pasted lines, not only after a first Appraise, as the spec asks.',
      "The address /api/ now leads to the API documentation, as the spec's route table has it.",
      'Kill tracker: an answer without named characters falls back to the character ids with zKillboard links instead of failing.',
      'Docs: every place the toolbox departs from the spec is now listed in docs/decisions.md.',
    ],
  },
  {
    version: '0.14.10',
    date: '2026-11-22',
    title: 'Keyboard and screen readers',
    changes: [
      'Every page now passes an automated accessibility check (axe-core, WCAG A and AA) on a desktop and on a phone; the test suite keeps it that way.',
      'Keyboard focus is visible everywhere: checkboxes and radios (the ore planner\u2019s ore list, the loot splitters) showed no sign of focus before, and links, buttons and tabs now share one clear ring.',
      'On a phone, a wide table that scrolls sideways can be focused and scrolled with the arrow keys, and a screen reader names it (Shopping list table); on a wide screen it adds no extra tab stop.',
      'Compressed-ore planner: the Form and Paste tabs work as tabs do, one tab stop, with the arrow keys, Home and End to switch.',
      'Table headers that were blank (the killboard heatmap\u2019s hours, the status page, the planner\u2019s totals) are now named for screen readers.',
    ],
  },
  {
    version: '0.14.9',
    date: '2026-11-22',
    title: 'Named hints',
    changes: [
      'Every select with a ? hint now names it after its field (About Structure, About Drifter ran?), so a screen reader tells the hints on a page apart instead of reading More information for each.',
      'Gas and ore calculators: a select with a hint now also shows it as a hover title, as the other tools do.',
      'Killfeed: the log no longer says Discord asked to wait when a post got no answer at all; only a 429 reads that way.',
    ],
  },
  {
    version: '0.14.8',
    date: '2026-11-22',
    title: 'Killfeed on phones, Enter where it is expected',
    changes: [
      'Killfeed admin: a long search message (ESI not answering) wraps beside the Type box instead of pushing the search box onto its own line.',
      'Killfeed admin: Enter in an entity search box picks the one result it found, instead of submitting the form with nothing picked; it never picks a result of the text typed before.',
      'Killfeed admin on a phone: the page no longer scrolls sideways, and each route and kill tracker page is a card with its fields named, so Edit, Delete and the edit form fit the screen.',
      'Live killfeed: a ship whose picture cannot be loaded shows a labelled placeholder instead of a broken-image icon, and on a phone the value and zKill link go under the kill so names are not squeezed.',
      'Home page: Enter in the tool search opens the tool once the search has narrowed the cards to one.',
      'Appraisals on a phone: the item name stays in view while the prices scroll sideways under it.',
      "Loot splitters: Enter in a count or tax box calculates, as the other calculators' forms do.",
      "Hole rolling: Enter in the other ship's mass box records its jump, as '+ Jump' does.",
      'Wormhole database: Enter in the J-code box opens the system when the filters leave exactly one (type J123450, press Enter).',
      "Demo: a restarted demo shows new live kills at once. Its fake zKillboard feed now goes on from the previous run's numbers, which the stored feed position and the kill dedupe had already seen.",
    ],
  },
  {
    version: '0.14.7',
    date: '2026-11-22',
    title: 'Wormhole killboard panels fixed',
    changes: [
      "Wormhole database: the killboard activity heatmap is drawn again. The page read the hourly counts under a different name than the API sends them, so it stayed on 'Loading activity...' for every system.",
      "Wormhole database: kill and corporation times now say '3 hours ago' or '20 minutes ago' for today's kills instead of '0 seconds ago' (the API now gives days to the second).",
      "Wormhole database: a corporation whose name is not known yet is listed as 'Corporation <id>' instead of a blank line, and no longer breaks the panel when the image server is down too.",
      "Every page: a page opened from a link or a reload says 'Loading…' while its code loads, instead of showing a blank screen.",
      "Industry: the job cost index override's hint shows the system's index as the fraction the field takes (0.1264), not as a percent that the field would refuse.",
      "Fitting tool: when an address has started too many sessions, the page says so and waits as long as the server asks, instead of 'No session free right now' and a retry every 30 s that fails.",
      "Status page: the static data import time is given in UTC whatever the database server's time zone.",
      'Dialogs and the menu: keyboard focus stays inside while they are open; Tab no longer reaches (and Enter no longer changes) the page behind.',
      'Time converter: zones are listed under their current names (Asia/Kolkata, Europe/Kyiv, Asia/Ho_Chi_Minh, Asia/Yangon...), so searching the city name people use today finds them.',
      "Contact: an email address the browser can tell is wrong is caught before sending, with 'Please enter a valid email address.'",
      'Compressed-ore planner: a shared link naming an unknown hub plans at Jita 4-4 instead of failing every Calculate; a link the page would refuse is no longer sent; pasted amounts above the 100 billion cap say they were cut.',
      "Hole rolling: the mass tracker no longer lists both 'not yet disrupted' and 'reduced' after you record one of them at exactly half the hole's mass (the guide's 2 cold + 2 hot jumps).",
      "Phones and narrow windows: no page scrolls sideways any more. Wide tables (status data sets, the planner's summary, wormhole statics, PI breakdowns) scroll in their own box, long selects and the strategy switch fit the screen, the wormhole and reaction dialogs fit, and the wormhole list shows statics as codes on a phone.",
      "The '?' hints on the industry, reactions and loot pages open with a tap (and keyboard focus), not only on mouse hover, so they can be read on a phone; hints in table headers that scroll in their own box are no longer cut off.",
      "Every page names itself in the browser tab ('J123450 · Wormhole Database · J-Space Toolbox'), so tabs and bookmarks say what they hold.",
      'Loot splitters: site, ship and participation counts are capped in their boxes at what the server accepts (10,000 runs, 100 ships) instead of being refused in server words.',
    ],
  },
  {
    version: '0.14.6',
    date: '2026-11-22',
    title: 'Warm solver on page open',
    changes: [
      'Compressed-ore planner: opening the page starts the solver thread and gives it about a second of practice in the background, so the first plan after a restart runs as fast as later ones (a small ISK plan ~0.6 s instead of ~1.5 s). The practice stops as soon as a real plan asks for the thread.',
    ],
  },
  {
    version: '0.14.5',
    date: '2026-11-22',
    title: 'Faster haul plans',
    changes: [
      "Compressed-ore planner: batch-count plans now go to the planner's own exact search too, and the search tightens each ore's batch range from its reduced cost and learns which ores to branch on first. Full eight-mineral haul plans are proven optimal in ~4-10 ms (batches) and ~10-65 ms (m3).",
    ],
  },
  {
    version: '0.14.4',
    date: '2026-11-22',
    title: 'Faster m3 plans',
    changes: [
      "Compressed-ore planner: m3 plans are now solved by the planner's own exact branch-and-bound search, built for its few-mineral shape, before HiGHS is asked. A full eight-mineral m3 plan is proven optimal in ~20 / 70 / 75 ms (small / medium / large targets) instead of ~30 / 165 / 210 ms.",
    ],
  },
  {
    version: '0.14.3',
    date: '2026-11-22',
    title: 'Fixes',
    changes: [
      "Compressed-ore planner: haul plans (m3 and batches) run without the solver's sub-MIP heuristics, which cost more than they found there; a medium m3 plan is proven optimal in ~160 ms instead of ~200, a large one in ~210 ms instead of ~370.",
      "Embedded mode: after the first market aggregate, every later query ran on one thread, because the aggregate's thread limit was applied to the whole database session. The limit now applies to the aggregate alone.",
    ],
  },
  {
    version: '0.14.2',
    date: '2026-11-22',
    title: 'Fixes',
    changes: [
      'Market ingest uses less memory: the order writer inserts 4 pages at a time, aggregates run on one thread, and the ingest and pipelines processes run with a 256 MB JavaScript heap (a 400,000-order snapshot now peaks under 500 MB instead of ~750 MB).',
      'Embedded mode stores killmails at 200 a second again: the in-process stream no longer holds a producer back while the killmail store gathers a batch.',
      'Compressed-ore planner: a plan whose value can only move in whole steps (volumes of 0.05 m3, say) is proven optimal as soon as it is less than one step above the bound, which is exact and ends small haul plans sooner.',
    ],
  },
  {
    version: '0.14.1',
    date: '2026-11-22',
    title: 'Fixes',
    changes: [
      'Kill tracker: an answer missing character names because ESI was slow is kept for 5 seconds instead of 2 minutes, so Refresh fills the names in.',
      'Packaged ship volumes: a run stops after ten ESI refusals in a row instead of spending the error budget that prices, names and killmails share.',
    ],
  },
  {
    version: '0.14.0',
    date: '2026-11-22',
    title: 'Compressed-ore reprocessing planner',
    changes: [
      'New /compressed: which compressed ores to buy for your mineral needs (cheapest at a hub, least m3 or fewest batches, or a blend), solved as an integer program with exact per-stack rounding, with a refine-rate calculator and shareable links.',
    ],
  },
  {
    version: '0.13.0',
    date: '2026-11-22',
    title: 'Appraisals',
    changes: [
      'New /appraisals: paste anything from the game (cargo, contracts, fits, D-scan, killmails, loot), price it at any of the five hubs in five price modes, and share a frozen snapshot link; POST /api/appraise for bots.',
    ],
  },
  {
    version: '0.12.0',
    date: '2026-11-22',
    title: 'Reactions and industry build costs',
    changes: [
      'New /reaction-calc: profit of every reaction formula at hub prices with job cost, facility and SCC taxes, refinery, rig and skill bonuses.',
      'New /industry: materials and job cost of any blueprint with ME, runs, structure, rigs and live ESI cost indices.',
    ],
  },
  {
    version: '0.11.0',
    date: '2026-11-22',
    title: 'Gas and ore calculators',
    changes: [
      "New /gas-calc and /ore: ISK per hour, residue and time to huff for every wormhole gas site and ore, from the game's own ship, module, skill, implant, crystal and foreman-burst numbers at Jita 4-4 prices.",
    ],
  },
  {
    version: '0.10.0',
    date: '2026-11-22',
    title: 'PI profitability calculator',
    changes: [
      'New /pi-calc: profit per batch for every P1\u2013P4 product at Jita 4-4, from raw P0 or from the previous tier, after POCO tax, in four market modes.',
    ],
  },
  {
    version: '0.9.0',
    date: '2026-11-22',
    title: 'Killfeed to Discord and admin sign-in',
    changes: [
      'Killfeed: admin sign-in at /killfeed to post kills of chosen alliances, corporations, characters or systems to Discord channels, manage kill tracker pages and read contact messages.',
      'A public live killfeed at /killfeed/live.',
      'Admin accounts are created with npm run admin:create; passwords are hashed with argon2id, sessions are HttpOnly and SameSite=Strict, writes are protected against cross-site requests.',
    ],
  },
  {
    version: '0.8.0',
    date: '2026-11-22',
    title: 'Killmails and kill trackers',
    changes: [
      'Killmails stream in from zKillboard (R2Z2 feed, with ESI bodies) into ClickHouse; a backfill command loads past days from zKillboard history.',
      'Killboard summary and hourly activity heatmap per system (GET /api/killboard-summary/{id}, /api/killboard-activity/{id}), shown in the wormhole database.',
      'Kill tracker pages for tracked players: days since the last death, 7-day kills, losses, ISK and K/D with a donut chart and ship lists.',
    ],
  },
  {
    version: '0.7.0',
    date: '2026-11-22',
    title: 'Wormhole references',
    changes: [
      'Wormhole database: all 2603 systems, searchable and filterable (class, statics, planets, effect, A0 stars, shattered), each with weather at its strength, statics with mass and lifetime, killboard activity, celestials and links; filters and systems have shareable links.',
      'Wormhole PvE sites: sleeper combat, data and relic sites by class with waves, triggers and NPC figures derived from the game data, plus the C5/C6 Drifter and Avenger escalations.',
      'Hole rolling guide with mass columns from wormhole type data, the jump plans, and a mass tracker with the \u00b110% spawn variance.',
    ],
  },
  {
    version: '0.6.0',
    date: '2026-11-22',
    title: 'Loot splitters',
    changes: [
      'Loot splitters: /bloot (share-based, Dread/Marauder or DPS/Logi tiers; also at /blue-loot) and /participation (each pilot paid for the ISK value of the runs they were in). Site values come from the community sleeper-site data with the Avenger and Drifter escalations; payouts in whole ISK add up to the net exactly; shareable setup links and copyable payout text.',
    ],
  },
  {
    version: '0.5.0',
    date: '2026-11-22',
    title: 'Fitting tool in the browser',
    changes: [
      'Fitting tool (/pyfa): run Pyfa in your browser in an isolated, temporary session \u2014 nothing to install, nothing saved; limits per address and overall, two-hour idle timeout, clipboard bridge for EFT fits.',
    ],
  },
  {
    version: '0.4.0',
    date: '2026-11-22',
    title: 'Our own market prices',
    changes: [
      'Market orders for Jita 4-4, Amarr, Dodixie, Hek and Rens are read from ESI every 30 minutes, and hub prices (best, and volume-weighted 5%) computed from them.',
      'Price API for analysts: hub prices, region fallback prices, a whole hub table as JSON or CSV, and daily history (see /api/docs).',
      'Status page: database, market pipeline freshness per hub, ESI and zKillboard, and which data sets are loaded.',
      'The header shows how many pilots are online on Tranquility, live.',
      '`npm run demo` runs the whole site offline on built-in stand-ins for ESI, with a demo banner.',
    ],
  },
  {
    version: '0.3.0',
    date: '2026-11-22',
    title: 'Time converter and contact form',
    changes: [
      'Time converter: build chat timestamp codes with previews as the chat client shows them, convert to and from EVE time across daylight-saving changes, read pasted codes back and share the selection by link.',
      'Contact form: send a message (stored, optionally forwarded to Discord), with spam protection and a per-address limit.',
    ],
  },
  {
    version: '0.2.0',
    date: '2026-11-22',
    title: 'Static game data',
    changes: [
      "Imports CCP's static data export (2023 'Uprising' copy) and the community data sets into ClickHouse: types, dogma, reprocessing, blueprints, planetary schematics and every solar system, with all of J-space in detail.",
      'Imports are versioned by their sources and switch over all at once; a failed import leaves the previous one serving.',
      'New API: resolve item names or ids to types (POST /api/types/resolve), type details (GET /api/types/{id}), every wormhole system (GET /api/wormholes) and which data sets are loaded (GET /api/static/status).',
    ],
  },
  {
    version: '0.1.0',
    date: '2026-11-22',
    title: 'Foundation',
    changes: [
      'One codebase that runs embedded (chDB and in-process topics, `npm start`) or distributed (ClickHouse server, Kafka, several api replicas).',
      'Koa API with JSON errors, validation at the edge, OpenAPI document at /api/openapi.json and interactive docs at /api/docs.',
      'Live websocket at /ws with heartbeat and reconnect; header status line.',
      'Site shell: header, menu drawer, animated or static starfield, landing page with tool search, changelog, roadmap, acknowledgements and about pages.',
    ],
  },
]

export type ReleaseKind = 'Major' | 'Minor' | 'Patch'

const digits = (v: string) => v.split('.').map((d) => Number.parseInt(d, 10) || 0)

/**
 * Classified by the version's own digits: x.0.0 is Major, x.y.0 Minor, anything else Patch. Not by comparing with the
 * release listed below it, which would call 0.15.1 a Minor release whenever 0.15.0 is not listed.
 */
export function releaseKind(version: string): ReleaseKind {
  const [, minor = 0, patch = 0] = digits(version)
  if (patch !== 0) return 'Patch'
  if (minor !== 0) return 'Minor'
  return 'Major'
}
