// Word lists the notes engine shares (one place, not copied between files).

/**
 * Short forms of first names people use in meetings, to the formal names they stand for: "Kate" is the speaker
 * labelled "Katherine Ng". Only forms that do not start with the formal name's first letters are listed; a
 * prefix ("Rach" for Rachel, "Bart" for Bartholomew) or an ending ("Seun" for Oluwaseun) is matched by rule
 * (owners.ts, nicknameOf).
 */
export const NICKNAMES: Readonly<Record<string, readonly string[]>> = {
  kate: ["katherine", "kathryn", "catherine", "katharine"],
  katie: ["katherine", "kathryn", "catherine"],
  cathy: ["catherine"],
  kasia: ["katarzyna"],
  liz: ["elizabeth"],
  beth: ["elizabeth"],
  betty: ["elizabeth"],
  ellie: ["eleanor", "elena"],
  nell: ["eleanor", "helen"],
  bill: ["william"],
  billy: ["william"],
  bob: ["robert"],
  bobby: ["robert"],
  dick: ["richard"],
  rick: ["richard", "eric", "frederick"],
  ted: ["edward", "theodore"],
  ned: ["edward"],
  tony: ["anthony", "antonio"],
  tom: ["thomas"],
  tommy: ["thomas"],
  paddy: ["patrick"],
  pat: ["patrick", "patricia"],
  peggy: ["margaret"],
  maggie: ["margaret"],
  meg: ["margaret", "megan"],
  millie: ["amelia", "camilla", "mildred"],
  jim: ["james"],
  jimmy: ["james"],
  jack: ["john"],
  johnny: ["jonathan", "john"],
  jon: ["jonathan"],
  hank: ["henry"],
  harry: ["henry", "harold"],
  chuck: ["charles"],
  sasha: ["alexander", "alexandra"],
  alex: ["alexander", "alexandra", "alexis"],
  sandy: ["alexandra", "sandra"],
  gabe: ["gabriel"],
  ben: ["benjamin"],
  dan: ["daniel"],
  sam: ["samantha", "samuel"],
  seun: ["oluwaseun"],
  femi: ["oluwafemi"],
  nat: ["natalie", "nathaniel", "natasha"],
  vic: ["victor", "victoria"],
  tori: ["victoria"],
  steve: ["stephen", "steven"],
  jen: ["jennifer"],
  jenny: ["jennifer"],
  chris: ["christopher", "christine", "christina"],
  andy: ["andrew"],
  drew: ["andrew"],
  mike: ["michael"],
  mick: ["michael"],
  dave: ["david"],
  matt: ["matthew"],
  nick: ["nicholas", "nicola"],
  greg: ["gregory"],
  joe: ["joseph", "joanne"],
  jo: ["joanne", "joanna"],
  sue: ["susan"],
  susie: ["susan"],
  becky: ["rebecca"],
  abby: ["abigail"],
  fred: ["frederick"],
  will: ["william"],
  wills: ["william"],
};

/**
 * Words that say nothing about what a task is ("the", "my", "up"): `contentWords` drops them when two tasks or a
 * task and a sentence are compared ("Pin the pool" / "pinning it").
 */
export const TASK_STOP_WORDS: ReadonlySet<string> = new Set(
  "the a an to of for and or in on at with by it that this them my our your his her their be is are was i we you me up out".split(" "),
);

/**
 * Function words and conversational glue: they recur in every meeting and say nothing about this one. Far longer
 * than TASK_STOP_WORDS because a key point is found by what a sentence is about ("think", "people", "today" say
 * nothing there), while a task's own verbs and objects ("look", "make", "point") must still match.
 */
export const TOPIC_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "the a an to of for and or in on at with by it that this them my our your his her their be is are was were i we you me so um uh like yeah okay just really very what about have has had do does did not no can could would will should there here then than they he she its it's i'm we're you're that's " +
    "also still well going get got one thing things think know want need really actually said say see look make take lot bit sure right good great fine now last next first time way much many more some any all from into out up over back down off only even too if but because when where which who how why yes yep hey hi thanks thank ll ve re don didn isn wasn won can't let let's gonna kind sort " +
    "mean maybe probably guess anything something everything nothing stuff okay yeah mm-hmm hmm uh-huh wanna gotta whatever though actually basically anyway pretty quite else other another same different able mean says saying talk talking tell told come came goes went put using use used give done doing being been does going sort guys people person bit lots lot little big ones point question idea ideas try trying today also each every few most such sure why yes " +
    "these those may might must shall kay madam mister sir please once absolutely obviously rather interesting true leave looking better best whole fact case means yep nope gets getting makes making says seems seem maybe means thought think thinking wanted wants needs needed part start started two three four five six seven eight nine ten hundred thousand first second third stuff cetera etc okay alright certainly exactly indeed course able"
  ).split(" "),
);
