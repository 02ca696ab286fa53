# The race texts (examples/race_texts.rs), in the order the tables list
# them; sourced by the race scripts.
race_names=(dense mail-prose rfc-spec corpora-mail corpora-log crawl html markdown
            gen-mail gen-log gen-cjk gen-mixed gen-adv-brackets gen-adv-colons gen-adv-dots
            gen-adv-schemes gen-adv-noline gen-adv-invalid-utf8 gen-adv-nul no-links)
