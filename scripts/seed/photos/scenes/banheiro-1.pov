// Banheiro: marble-top vanity under a wide mirror, large white tiles, glass shower box.
#declare Interior = yes;
#include "common.inc"
#include "room.inc"

#declare Cam = <-0.75, 1.35, 0.15>;
camera { perspective location Cam look_at <-0.15, 1.35, 2.8> angle 76 right x * 4/3 }
Sky(2.0)
Sun(<0.8, 0.9, 1>, 1.6)
Fill(Cam, <0, 1.9, 1.4>, 0.55)

#declare W = 2.2; #declare D = 2.9; #declare H = 2.5;
Room(W, D, H, <0.94, 0.94, 0.92>, T_Porcelain(<0.55, 0.53, 0.5>, 0.6))
WindowRight(W, 2.05, 2.75, 1.7, 2.25)
Outside(D)
CloseRoom()
// wall tiles: large white porcelain slabs up to the ceiling
box { <-W/2 + 0.001, 0, -0.4>, <W/2 - 0.001, H, D - 0.001> hollow
  texture { pigment { brick rgb <0.6, 0.58, 0.55>, rgb <0.8, 0.78, 0.74> brick_size <0.6, 0.3, 0.6> mortar 0.003 } finish { F_Gloss } }
  clipped_by { difference { box { <-W/2 - 1, -1, -1>, <W/2 + 1, H + 1, D + 1> } box { <-W/2 + 0.002, -2, -0.5>, <W/2 - 0.002, H + 2, D - 0.002> } } }
  clipped_by { difference { box { <-5, -5, -5>, <5, 5, 5> } box { <W/2 - 0.2, 1.7, 2.05>, <W/2 + 0.2, 2.25, 2.75> } } }
}
// vanity on the back wall
union {
  box { <-0.55, 0.45, -0.5>, <0.55, 0.8, 0> T_Wood(<0.45, 0.31, 0.2>, <0.36, 0.24, 0.15>) }
  difference {
    box { <-0.57, 0.8, -0.52>, <0.57, 0.84, 0> }
    box { <-0.22, 0.76, -0.4>, <0.22, 0.9, -0.1> }
    T_Marble(<0.93, 0.92, 0.9>, <0.5, 0.5, 0.52>)
  }
  difference { box { <-0.23, 0.7, -0.41>, <0.23, 0.841, -0.09> } box { <-0.21, 0.72, -0.39>, <0.21, 0.9, -0.11> } texture { pigment { rgb 0.96 } finish { F_Gloss } } }
  union { cylinder { <0, 0.84, -0.04>, <0, 1.05, -0.04>, 0.012 } cylinder { <0, 1.05, -0.04>, <0, 1.05, -0.18>, 0.012 } texture { T_Chrome } }
  // mirror
  box { <-0.6, 1.05, -0.02>, <0.6, 1.95, 0> texture { pigment { rgb 0.8 } finish { diffuse 0.02 ambient 0 reflection { 0.9 } specular 0.8 roughness 0.001 } } }
  translate <-0.35, 0, D>
}
// toilet on the left wall
union {
  cylinder { <0, 0, 0>, <0, 0.38, 0>, 0.16 }
  object { superellipsoid { <0.5, 0.5> } scale <0.19, 0.05, 0.26> translate <0, 0.4, -0.05> }
  box { <-0.2, 0.4, 0.2>, <0.2, 0.8, 0.35> }
  texture { pigment { rgb 0.97 } finish { F_Gloss } }
  rotate y * -90 translate <-W/2 + 0.35, 0, 1.0>
}
// shower: glass partition and chrome head in the right-hand back corner
box { <W/2 - 0.95, 0.02, 1.65>, <W/2 - 0.94, 2.0, D> material { M_Glass } }
cylinder { <W/2 - 0.95, 2.0, 1.65>, <W/2 - 0.95, 2.0, D>, 0.01 texture { T_Chrome } }
union { cylinder { <W/2, 2.05, 2.3>, <W/2 - 0.3, 2.05, 2.3>, 0.012 } cylinder { <W/2 - 0.3, 2.04, 2.3>, <W/2 - 0.3, 2.0, 2.3>, 0.1 } texture { T_Chrome } }
box { <-0.3, 1.1, -0.02>, <0.3, 1.12, 0> texture { T_Chrome } translate <-W/2 + 0.01, 0, 1.6> rotate y * 0 }
object { Plant(0.6, <0.2, 0.2, 0.2>) scale 0.32 translate <-0.75, 0.84, D - 0.3> }
