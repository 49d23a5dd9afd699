/// The locale data the picker embeds instead of ICU: likely subtags, aliases and CLDR parent locales.
///
/// Generated once from ICU 72.1 (CLDR 42), the ICU the server links, through the server's own seam
/// (`cicu_locale_maximize`, `cicu_locale_canonicalize`, `cicu_locale_parent`), so that the picker
/// and the server agree on every tag of these languages:
///
/// - `languages`: the maximized form of every language that has ICU locale data (217 of them):
///   its likely script and region.
/// - `regionScripts`: language + region pairs whose likely script is not the language's own
///   (`zh-TW` → Hant, `sr-ME` → Latn, `pa-PK` → Arab), every ISO 3166 and UN M.49 region tried.
/// - `scriptRegions`: language + script pairs whose likely region is not the language's own
///   (`zh-Hant` → TW, `pa-Arab` → PK), every ISO 15924 script tried.
/// - `languageAliases`, `territoryAliases`: the CLDR aliases (ICU's `metadata/alias`) whose target
///   is one of `languages`, plus `no` → `nb` (Norwegian text is Bokmål;
///   CLDR 42 keeps `no`).
/// - `parents`: the CLDR parent locales that differ from truncation *and* add a step to a lineage
///   (`en-AU` → `en-001`, not `zh-CN` → `zh-Hans`, which ends the walk exactly as `zh` does).
///
/// Tags of other languages keep their written subtags: they are compared without likely subtags.
enum LocaleTables {
    /// Maximized tags of the languages with ICU locale data: language → (script, region).
    static let likely: [String: (script: String, region: String)] = {
        var table: [String: (script: String, region: String)] = [:]
        for tag in words(languages) {
            let parts = tag.split(separator: "-").map(String.init)
            guard parts.count == 3 else { continue }
            table[parts[0]] = (parts[1], parts[2])
        }
        return table
    }()

    /// "language-REGION" → script, where the region implies a script other than the language's.
    static let scriptForRegion: [String: String] = {
        var table: [String: String] = [:]
        for tag in words(regionScripts) {
            let parts = tag.split(separator: "-").map(String.init)
            guard parts.count == 3 else { continue }
            table[parts[0] + "-" + parts[2]] = parts[1]
        }
        return table
    }()

    /// "language-Script" → region, where the script implies a region other than the language's.
    static let regionForScript: [String: String] = {
        var table: [String: String] = [:]
        for tag in words(scriptRegions) {
            let parts = tag.split(separator: "-").map(String.init)
            guard parts.count == 3 else { continue }
            table[parts[0] + "-" + parts[1]] = parts[2]
        }
        return table
    }()

    /// Deprecated or overlong language code → replacement subtags (`sh` → `sr-Latn`).
    static let languageAlias: [String: [String]] = pairs(languageAliases).mapValues {
        $0.split(separator: "-").map(String.init)
    }

    /// Deprecated region code → replacement (`UK` → `GB`).
    static let territoryAlias: [String: String] = pairs(territoryAliases)

    /// Lookup form → CLDR parent (`es-MX` → `es-419`), for the parents that truncation would miss.
    static let parent: [String: String] = {
        var table: [String: String] = [:]
        var current: String?
        // "parent: child child …", the list wrapped over several lines.
        for word in words(parents) {
            if word.hasSuffix(":") {
                current = String(word.dropLast())
            } else if let current {
                table[word] = current
            }
        }
        return table
    }()

    private static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }

    private static func pairs(_ text: String) -> [String: String] {
        var table: [String: String] = [:]
        for word in words(text) {
            let halves = word.split(separator: ">", maxSplits: 1)
            if halves.count == 2 { table[String(halves[0])] = String(halves[1]) }
        }
        return table
    }

    // MARK: - Data (ICU 72.1, CLDR 42)

    private static let languages = """
        af-Latn-ZA agq-Latn-CM ak-Latn-GH am-Ethi-ET ar-Arab-EG as-Beng-IN asa-Latn-TZ ast-Latn-ES az-Latn-AZ
        bas-Latn-CM be-Cyrl-BY bem-Latn-ZM bez-Latn-TZ bg-Cyrl-BG bgc-Deva-IN bho-Deva-IN bm-Latn-ML bn-Beng-BD
        bo-Tibt-CN br-Latn-FR brx-Deva-IN bs-Latn-BA ca-Latn-ES ccp-Cakm-BD ce-Cyrl-RU ceb-Latn-PH cgg-Latn-UG
        chr-Cher-US ckb-Arab-IQ cs-Latn-CZ cv-Cyrl-RU cy-Latn-GB da-Latn-DK dav-Latn-KE de-Latn-DE dje-Latn-NE
        doi-Deva-IN dsb-Latn-DE dua-Latn-CM dyo-Latn-SN dz-Tibt-BT ebu-Latn-KE ee-Latn-GH el-Grek-GR en-Latn-US
        eo-Latn-001 es-Latn-ES et-Latn-EE eu-Latn-ES ewo-Latn-CM fa-Arab-IR ff-Latn-SN fi-Latn-FI fil-Latn-PH
        fo-Latn-FO fr-Latn-FR fur-Latn-IT fy-Latn-NL ga-Latn-IE gd-Latn-GB gl-Latn-ES gsw-Latn-CH gu-Gujr-IN
        guz-Latn-KE gv-Latn-IM ha-Latn-NG haw-Latn-US he-Hebr-IL hi-Deva-IN hr-Latn-HR hsb-Latn-DE hu-Latn-HU
        hy-Armn-AM ia-Latn-001 id-Latn-ID ig-Latn-NG ii-Yiii-CN is-Latn-IS it-Latn-IT ja-Jpan-JP jgo-Latn-CM
        jmc-Latn-TZ jv-Latn-ID ka-Geor-GE kab-Latn-DZ kam-Latn-KE kde-Latn-TZ kea-Latn-CV kgp-Latn-BR khq-Latn-ML
        ki-Latn-KE kk-Cyrl-KZ kkj-Latn-CM kl-Latn-GL kln-Latn-KE km-Khmr-KH kn-Knda-IN ko-Kore-KR kok-Deva-IN
        ks-Arab-IN ksb-Latn-TZ ksf-Latn-CM ksh-Latn-DE ku-Latn-TR kw-Latn-GB ky-Cyrl-KG lag-Latn-TZ lb-Latn-LU
        lg-Latn-UG lkt-Latn-US ln-Latn-CD lo-Laoo-LA lrc-Arab-IR lt-Latn-LT lu-Latn-CD luo-Latn-KE luy-Latn-KE
        lv-Latn-LV mai-Deva-IN mas-Latn-KE mer-Latn-KE mfe-Latn-MU mg-Latn-MG mgh-Latn-MZ mgo-Latn-CM mi-Latn-NZ
        mk-Cyrl-MK ml-Mlym-IN mn-Cyrl-MN mni-Beng-IN mr-Deva-IN ms-Latn-MY mt-Latn-MT mua-Latn-CM my-Mymr-MM
        mzn-Arab-IR naq-Latn-NA nb-Latn-NO nd-Latn-ZW ne-Deva-NP nl-Latn-NL nmg-Latn-CM nn-Latn-NO nnh-Latn-CM
        nus-Latn-SS nyn-Latn-UG om-Latn-ET or-Orya-IN os-Cyrl-GE pa-Guru-IN pcm-Latn-NG pl-Latn-PL ps-Arab-AF
        pt-Latn-BR qu-Latn-PE raj-Deva-IN rm-Latn-CH rn-Latn-BI ro-Latn-RO rof-Latn-TZ ru-Cyrl-RU rw-Latn-RW
        rwk-Latn-TZ sa-Deva-IN sah-Cyrl-RU saq-Latn-KE sat-Olck-IN sbp-Latn-TZ sc-Latn-IT sd-Arab-PK se-Latn-NO
        seh-Latn-MZ ses-Latn-ML sg-Latn-CF shi-Tfng-MA si-Sinh-LK sk-Latn-SK sl-Latn-SI smn-Latn-FI sn-Latn-ZW
        so-Latn-SO sq-Latn-AL sr-Cyrl-RS su-Latn-ID sv-Latn-SE sw-Latn-TZ ta-Taml-IN te-Telu-IN teo-Latn-UG
        tg-Cyrl-TJ th-Thai-TH ti-Ethi-ET tk-Latn-TM to-Latn-TO tr-Latn-TR tt-Cyrl-RU twq-Latn-NE tzm-Latn-MA
        ug-Arab-CN uk-Cyrl-UA ur-Arab-PK uz-Latn-UZ vai-Vaii-LR vi-Latn-VN vun-Latn-TZ wae-Latn-CH wo-Latn-SN
        xh-Latn-ZA xog-Latn-UG yav-Latn-CM yi-Hebr-001 yo-Latn-NG yrl-Latn-BR yue-Hant-HK zgh-Tfng-MA zh-Hans-CN
        zu-Latn-ZA
        """

    private static let regionScripts = """
        az-Arab-IQ az-Arab-IR az-Cyrl-RU ha-Arab-CM ha-Arab-SD kk-Arab-AF kk-Arab-CN kk-Arab-IR kk-Arab-MN ku-Arab-LB
        ky-Arab-CN ky-Latn-TR mn-Mong-CN ms-Arab-CC pa-Arab-PK sd-Deva-IN sr-Latn-ME sr-Latn-RO sr-Latn-RU sr-Latn-TR
        tg-Arab-PK ug-Cyrl-KZ ug-Cyrl-MN uz-Arab-AF uz-Cyrl-CN yue-Hans-CN zh-Hant-AU zh-Hant-BN zh-Hant-GB
        zh-Hant-GF zh-Hant-HK zh-Hant-ID zh-Hant-MO zh-Hant-PA zh-Hant-PF zh-Hant-PH zh-Hant-SR zh-Hant-TH zh-Hant-TW
        zh-Hant-US zh-Hant-VN
        """

    private static let scriptRegions = """
        az-Arab-IR en-Shaw-GB ff-Adlm-GN kk-Arab-CN ku-Arab-IQ ku-Yezi-GE ky-Arab-CN ky-Latn-TR mn-Mong-CN pa-Arab-PK
        sd-Deva-IN sd-Sind-IN sd-Khoj-IN tg-Arab-PK ug-Cyrl-KZ uz-Arab-AF yue-Hans-CN zh-Bopo-TW zh-Hant-TW zh-Hanb-TW
        """

    private static let languageAliases = """
        adp>dz afr>af aka>ak alb>sq als>sq amh>am ara>ar arb>ar arm>hy asm>as aze>az azj>az bam>bm baq>eu bel>be
        ben>bn bh>bho bih>bho bod>bo bos>bs bre>br bul>bg bur>my bxk>luy cat>ca ces>cs che>ce chi>zh chv>cv cmn>zh
        cnr>sr-ME cor>kw cym>cy cze>cs dan>da deu>de dgo>doi drh>mn drw>fa-AF dut>nl dzo>dz ekk>et ell>el eng>en
        epo>eo est>et eus>eu ewe>ee fao>fo fas>fa fat>ak no>nb fin>fi fra>fr fre>fr fry>fy fuc>ff ful>ff gaz>om geo>ka
        ger>de gla>gd gle>ga glg>gl glv>gv gre>el guj>gu hau>ha hbs>sr-Latn heb>he hin>hi hrv>hr hun>hu hye>hy ibo>ig
        ice>is iii>ii in>id ina>ia ind>id isl>is ita>it iw>he jav>jv ji>yi jpn>ja jw>jv kal>kl kan>kn kas>ks kat>ka
        kaz>kk khk>mn khm>km kik>ki kin>rw kir>ky kmr>ku knn>kok kor>ko kur>ku lao>lo lav>lv lin>ln lit>lt ltz>lb
        lub>lu lug>lg lvs>lv mac>mk mal>ml mao>mi mar>mr may>ms mkd>mk mlg>mg mlt>mt mo>ro mol>ro mon>mn mri>mi
        msa>ms mup>raj mya>my nde>nd nep>ne nld>nl nno>nn nob>nb nor>nb npi>ne ori>or orm>om ory>or oss>os pan>pa
        pbu>ps per>fa pes>fa plt>mg pol>pl por>pt prs>fa-AF pus>ps que>qu quz>qu roh>rm ron>ro rum>ro run>rn rus>ru
        sag>sg san>sa scc>sr scr>hr sh>sr-Latn sin>si slk>sk slo>sk slv>sl sme>se sna>sn snd>sd som>so spa>es spy>kln
        sqi>sq src>sc srd>sc srp>sr sun>su swa>sw swc>sw-CD swe>sv swh>sw tam>ta tat>tt tel>te tgk>tg tgl>fil tha>th
        tib>bo tir>ti tl>fil tnf>fa-AF ton>to tuk>tk tur>tr tw>ak twi>ak uig>ug ukr>uk urd>ur uzb>uz uzn>uz vie>vi
        wel>cy wol>wo xho>xh ydd>yi yid>yi yor>yo zho>zh zsm>ms zul>zu
        """

    private static let territoryAliases = """
        AN>CW BU>MM CS>RS CT>KI DD>DE DY>BJ FQ>AQ FX>FR HV>BF JT>UM MI>UM NH>VU NQ>AQ NT>SA PC>FM PU>UM PZ>PA QU>EU
        RH>ZW SU>RU TP>TL UK>GB VD>VN WK>UM YD>YE YU>RS ZR>CD
        """

    private static let parents = """
        en-001: en-150 en-AG en-AI en-AU en-BB en-BM en-BS en-BW en-BZ en-CC en-CK en-CM en-CX en-CY en-DG en-DM en-ER
            en-FJ en-FK en-FM en-GB en-GD en-GG en-GH en-GI en-GM en-GY en-HK en-IE en-IL en-IM en-IN en-IO en-JE
            en-JM en-KE en-KI en-KN en-KY en-LC en-LR en-LS en-MG en-MO en-MS en-MT en-MU en-MV en-MW en-MY en-NA
            en-NF en-NG en-NR en-NU en-NZ en-PG en-PK en-PN en-PW en-RW en-SB en-SC en-SD en-SG en-SH en-SL en-SS
            en-SX en-SZ en-TC en-TK en-TO en-TT en-TV en-TZ en-UG en-VC en-VG en-VU en-WS en-ZA en-ZM en-ZW
        en-150: en-AT en-BE en-CH en-DE en-DK en-FI en-NL en-SE en-SI
        es-419: es-AR es-BO es-BR es-BZ es-CL es-CO es-CR es-CU es-DO es-EC es-GT es-HN es-MX es-NI es-PA es-PE es-PR
            es-PY es-SV es-US es-UY es-VE
        pt-PT: pt-AO pt-CH pt-CV pt-GQ pt-GW pt-LU pt-MO pt-MZ pt-ST pt-TL
        zh-Hant-HK: zh-Hant-MO
        """
}
